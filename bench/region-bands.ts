// What the band layout of the crop-tolerant views costs a lookup (decision 0076): migration 017's
// four 16-bit bands read by a plain join, against migration 038's three wide bands probed value by
// value (keyed by the kind first since migration 040). For each size, a fresh PostgreSQL database
// gets N random views (about 14 a work, kinds in the proportions a picture has: 10 frames and
// windows, 1 centre, 3 turned), the 017 indexes, a round of lookups (three views each, f, c and
// t, half of them near a stored view by 0 to 8 bits, half new); then migrations 038, 040 and 041 run as
// written and the same lookups run again. Every lookup's finds are compared with a full scan. The
// 017 indexes are then made again beside the wide ones, and the lookups are timed round-robin over
// every size and layout, so a busy moment on a shared machine falls on all of them alike. Prints
// candidates per lookup (measured and expected from rows per band value), the median time, index
// sizes, and each layout's cost at the largest size ÷ the smallest.
//
//   npx tsx bench/region-bands.ts [--rows 100000,400000] [--lookups 40] [--explain] [--url postgres://…]
// --explain prints each layout's plan of the second lookup (a copy of a stored work) per size.
// The database is named ledger_bands_<random> and dropped at the end.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect, sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import { seededRandom } from '../server/cli/seed-content';
import type { DB } from '../server/db/types';
import type { RegionKind } from '../server/image';
import { REGION_MATCH_MAX_DISTANCE } from '../server/image';
import { bandExpressions } from '../server/proof/lookup-batch-repository';
import { closeRegionViews, regionCandidates, type RegionProbe } from '../server/proof/region-match-repository';
import {
  asSignedBigint,
  bandProbeArrays,
  bandRadii,
  PHASH_BANDS,
  REGION_BANDS,
  valuesWithin,
  type BandLayout,
} from '../server/works/fingerprint-bands';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000,400000' },
    lookups: { type: 'string', default: '40' },
    explain: { type: 'boolean', default: false },
    url: { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const SIZES = args.rows.split(',').map(Number);
const LOOKUPS = Number(args.lookups);
const DISTANCE = REGION_MATCH_MAX_DISTANCE;
const migrationText = (file: string) => readFileSync(path.join(import.meta.dirname, '../server/db/migrations', file), 'utf8');
/** The wide band indexes as a server has them: made by 038, keyed by the kind first by 040, the hash only carried by 041. */
const WIDE_BAND_MIGRATIONS = [
  migrationText('038_region_hash_wide_bands.sql'),
  migrationText('040_region_band_indexes_kind_first.sql'),
  migrationText('041_region_band_indexes_hash_only.sql'),
];
/** Views a work keeps, by kind (region-hashes.ts: whole frame and 9 windows, centre, upright and 2 turned). */
const KIND_OF_VIEW: readonly RegionKind[] = [...Array<RegionKind>(10).fill('f'), 'c', 't', 't', 't'];
const KINDS: readonly RegionKind[] = ['f', 'c', 't'];

function flipBits(hashHex: string, bits: number, next: () => number): string {
  let value = BigInt(`0x${hashHex}`);
  const flipped = new Set<number>();
  while (flipped.size < bits) flipped.add(Math.floor(next() * 64));
  for (const bit of flipped) value ^= 1n << BigInt(bit);
  return value.toString(16).padStart(16, '0');
}

/** Rows a probe set is expected to read: per band, values probed × rows per value of the probe's kind. */
function expectedCandidates(rows: number, layout: BandLayout, kindInKey: boolean): number {
  const radii = bandRadii(DISTANCE, layout);
  const perView = layout.widths.reduce(
    (sum, width, band) => sum + (valuesWithin(0, radii[band], width).length * rows) / 2 ** width,
    0,
  );
  // With the kind in the key a probe reads its own kind's rows only (shares add up to 1 over f, c, t).
  return kindInKey ? perView : perView * KINDS.length;
}

/** Migration 017's 16-bit band expressions and, per band, the values each probe asks for. */
function sixteenBitBands(probes: readonly RegionProbe[]) {
  return {
    expressions: bandExpressions('r.hash', PHASH_BANDS),
    bands: bandProbeArrays(
      probes.map((probe, i) => ({ query: i, hash: probe.hash })),
      DISTANCE,
    ),
  };
}

/** Migration 017's statement (before this change): 16-bit bands joined to the probes' band values. */
function oldCandidates(probes: readonly RegionProbe[]): RawBuilder<unknown> {
  const { expressions, bands } = sixteenBitBands(probes);
  return sql.join(
    bands.map(
      (band, i) => sql`SELECT b.probe, r.submission_id, r.kind, r.hash
        FROM unnest(${band.queries}::int[], ${band.values}::bigint[]) AS b(probe, value)
        JOIN image_region_hashes r ON ${expressions[i]} = b.value`,
    ),
    sql` UNION `,
  );
}

/**
 * The 16-bit bands probed value by value as the new statement does (no kind in those indexes):
 * the layout's own cost, apart from the plain join's plan.
 */
function oldProbedCandidates(probes: readonly RegionProbe[]): RawBuilder<unknown> {
  const { expressions, bands } = sixteenBitBands(probes);
  return sql.join(
    bands.map(
      (band, i) => sql`SELECT b.probe, r.submission_id, r.kind, r.hash
        FROM unnest(${band.queries}::int[], ${band.values}::bigint[]) AS b(probe, value)
        CROSS JOIN LATERAL (
          SELECT r.submission_id, r.kind, r.hash FROM image_region_hashes r WHERE ${expressions[i]} = b.value OFFSET 0
        ) AS r`,
    ),
    sql` UNION `,
  );
}

function oldClose(probes: readonly RegionProbe[], candidates = oldCandidates): RawBuilder<unknown> {
  return sql`
    SELECT p.query, c.submission_id, min(bit_count((c.hash # p.hash)::bit(64)))::int AS distance
    FROM (${candidates(probes)}) AS c
    JOIN unnest(${probes.map((p) => p.query)}::int[], ${probes.map((p) => p.kind)}::text[], ${probes.map((p) => asSignedBigint(p.hash))}::bigint[])
      WITH ORDINALITY AS p(query, kind, hash, probe)
      ON p.probe - 1 = c.probe AND p.kind::"char" = c.kind
    WHERE bit_count((c.hash # p.hash)::bit(64)) <= ${DISTANCE}
    GROUP BY p.query, c.submission_id`;
}

/** Every stored view, compared: what the band search must find. */
function fullScan(probes: readonly RegionProbe[]): RawBuilder<unknown> {
  return sql`
    SELECT p.query, r.submission_id, min(bit_count((r.hash # p.hash)::bit(64)))::int AS distance
    FROM unnest(${probes.map((p) => p.query)}::int[], ${probes.map((p) => p.kind)}::text[], ${probes.map((p) => asSignedBigint(p.hash))}::bigint[])
      AS p(query, kind, hash)
    JOIN image_region_hashes r ON r.kind = p.kind::"char"
    WHERE bit_count((r.hash # p.hash)::bit(64)) <= ${DISTANCE}
    GROUP BY p.query, r.submission_id`;
}

type Finds = { query: number; submission_id: string; distance: number }[];
const key = (rows: Finds) =>
  rows
    .map((r) => `${r.query} ${r.submission_id} ${r.distance}`)
    .sort()
    .join('\n');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

interface Layout {
  label: string;
  candidates: (probes: RegionProbe[]) => RawBuilder<unknown>;
  close: (probes: RegionProbe[]) => RawBuilder<unknown>;
  expected: (rows: number) => number;
  indexPrefix: string;
}

const LAYOUTS: readonly Layout[] = [
  {
    label: '017, join: 4 × 16-bit bands',
    candidates: oldCandidates,
    close: oldClose,
    // The join reads a band value's rows of every kind.
    expected: (rows) => expectedCandidates(rows, PHASH_BANDS, false),
    indexPrefix: 'image_region_hashes_band_',
  },
  {
    label: '017, probed: 4 × 16-bit bands',
    candidates: oldProbedCandidates,
    close: (probes) => oldClose(probes, oldProbedCandidates),
    expected: (rows) => expectedCandidates(rows, PHASH_BANDS, false),
    indexPrefix: 'image_region_hashes_band_',
  },
  {
    label: '038/040/041: 21/21/22-bit bands, r 2',
    candidates: (probes) => regionCandidates(probes, DISTANCE),
    close: (probes) => closeRegionViews(probes, DISTANCE),
    expected: (rows) => expectedCandidates(rows, REGION_BANDS, true),
    indexPrefix: 'image_region_hashes_wide_band_',
  },
];

interface BenchDatabase {
  name: string;
  rows: number;
  db: Kysely<DB>;
  lookups: RegionProbe[][];
  scans: string[];
  migrationMs: number;
}

async function indexMegabytes(db: Kysely<DB>, prefix: string): Promise<number> {
  const { rows } = await sql<{ bytes: string }>`
    SELECT coalesce(sum(pg_relation_size(indexrelid)), 0) AS bytes FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE c.relname LIKE ${`${prefix}%`}`.execute(db);
  return Number(rows[0].bytes) / 1e6;
}

async function createOldIndexes(db: Kysely<DB>): Promise<void> {
  for (const [band, expression] of bandExpressions('hash', PHASH_BANDS).entries()) {
    await sql`CREATE INDEX ${sql.raw(`image_region_hashes_band_${band}`)} ON image_region_hashes ((${expression}))`.execute(db);
  }
}

/** A database of `rows` random views with both layouts' indexes, its lookups and their full-scan finds. */
async function buildDatabase(admin: pg.Pool, rows: number, made: Made[]): Promise<BenchDatabase> {
  const name = `ledger_bands_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(args.url);
  url.pathname = `/${name}`;
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 1 }) }) });
  made.push({ name, db });
  // Migration 017's table and band indexes (the foreign key to submissions is left out: no works here).
  await sql`CREATE TABLE image_region_hashes (
    submission_id uuid NOT NULL, kind "char" NOT NULL CHECK (kind IN ('f', 'c', 't')), hash bigint NOT NULL,
    PRIMARY KEY (submission_id, kind, hash))`.execute(db);
  const kinds = `(ARRAY[${KIND_OF_VIEW.map((k) => `'${k}'`).join(',')}]::"char"[])`;
  await sql`INSERT INTO image_region_hashes (submission_id, kind, hash)
    SELECT md5('w' || (g / 14))::uuid, ${sql.raw(kinds)}[g % 14 + 1], ('x' || substr(md5('h' || g), 1, 16))::bit(64)::bigint
    FROM generate_series(0, ${rows - 1}::int) AS g ON CONFLICT DO NOTHING`.execute(db);
  await createOldIndexes(db);
  await sql`VACUUM ANALYZE image_region_hashes`.execute(db);

  const next = seededRandom(rows);
  const works = Math.floor(rows / KIND_OF_VIEW.length);
  const lookups: RegionProbe[][] = [];
  for (let i = 0; i < LOOKUPS; i++) {
    if (i % 2 === 0) {
      lookups.push(KINDS.map((kind) => ({ query: 0, kind, hash: randomBytes(8).toString('hex') })));
      continue;
    }
    // A copy of a stored work: each of its views of kind f, c, t moved by 0..8 bits (8 every fourth lookup).
    const work = Math.floor(next() * works);
    const stored = (
      await sql<{ kind: RegionKind; hash: string }>`
        SELECT kind::text AS kind, lpad(to_hex(hash), 16, '0') AS hash FROM image_region_hashes
        WHERE submission_id = md5(${`w${work}`})::uuid ORDER BY hash`.execute(db)
    ).rows;
    lookups.push(
      KINDS.flatMap((kind) => {
        const view = stored.find((s) => s.kind === kind);
        const bits = i % 4 === 1 ? DISTANCE : Math.floor(next() * (DISTANCE + 1));
        return view ? [{ query: 0, kind, hash: flipBits(view.hash, bits, next) }] : [];
      }),
    );
  }
  const scans: string[] = [];
  for (const probes of lookups) scans.push(key((await sql<Finds[number]>`${fullScan(probes)}`.execute(db)).rows));

  const started = performance.now();
  for (const migration of WIDE_BAND_MIGRATIONS) await sql.raw(migration).execute(db);
  const migrationMs = performance.now() - started;
  // The 017 indexes again, to time both layouts side by side; the visibility map for index-only
  // scans (autovacuum sets it after inserts on a server).
  await createOldIndexes(db);
  await sql`VACUUM ANALYZE image_region_hashes`.execute(db);
  return { name, rows, db, lookups, scans, migrationMs };
}

/** A database made, dropped at the end whatever happens. */
interface Made {
  name: string;
  db: Kysely<DB>;
}

async function main(admin: pg.Pool, made: Made[]): Promise<void> {
  const bases: BenchDatabase[] = [];
  for (const size of SIZES) bases.push(await buildDatabase(admin, size, made));
  const times = bases.map(() => LAYOUTS.map((): number[] => []));
  const read = bases.map(() => LAYOUTS.map(() => 0));
  const finds = bases.map(() => LAYOUTS.map(() => 0));
  for (const [b, base] of bases.entries()) {
    for (const [l, layout] of LAYOUTS.entries()) {
      for (const probes of base.lookups.slice(0, 5)) await sql`SELECT count(*) FROM (${layout.close(probes)}) AS c`.execute(base.db);
      for (const [i, probes] of base.lookups.entries()) {
        const count = sql<{ n: string }>`SELECT count(*) AS n FROM (${layout.candidates(probes)}) AS c`;
        read[b][l] += Number((await count.execute(base.db)).rows[0].n);
        const rows = (await sql<Finds[number]>`${layout.close(probes)}`.execute(base.db)).rows;
        if (key(rows) !== base.scans[i]) throw new Error(`${layout.label}, lookup ${i}: other finds than the full scan`);
        finds[b][l] += rows.length;
      }
      if (args.explain) {
        const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, BUFFERS) ${layout.close(base.lookups[1])}`.execute(base.db);
        console.log(`${base.rows.toLocaleString('en')} views, ${layout.label}:\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    }
  }
  for (let i = 0; i < LOOKUPS; i++) {
    for (const [b, base] of bases.entries()) {
      for (const [l, layout] of LAYOUTS.entries()) {
        const started = performance.now();
        await sql`${layout.close(base.lookups[i])}`.execute(base.db);
        times[b][l].push(performance.now() - started);
      }
    }
  }
  for (const [b, base] of bases.entries()) {
    for (const [l, layout] of LAYOUTS.entries()) {
      console.log(
        `${base.rows.toLocaleString('en')} views  ${layout.label}: ${(read[b][l] / LOOKUPS).toFixed(0)} candidates a lookup ` +
          `(expected ${layout.expected(base.rows).toFixed(0)}), median ${median(times[b][l]).toFixed(1)} ms, ` +
          `${finds[b][l]} finds (= full scan), indexes ${(await indexMegabytes(base.db, layout.indexPrefix)).toFixed(1)} MB`,
      );
    }
    console.log(`${base.rows.toLocaleString('en')} views  migrations 038, 040 and 041: ${(base.migrationMs / 1000).toFixed(1)} s`);
  }
  if (bases.length > 1) {
    const last = bases.length - 1;
    const ratios = LAYOUTS.map(
      (layout, l) => `${layout.label.split(':')[0]} ${(median(times[last][l]) / median(times[0][l])).toFixed(2)}`,
    );
    console.log(
      `cost at ${bases[last].rows.toLocaleString('en')} ÷ ${bases[0].rows.toLocaleString('en')} views: ${ratios.join(', ')}`,
    );
  }
}

const admin = new pg.Pool({ connectionString: args.url, max: 1 });
const made: Made[] = [];
try {
  await main(admin, made);
} finally {
  for (const base of made) {
    await base.db.destroy();
    await admin.query(`DROP DATABASE IF EXISTS ${base.name} WITH (FORCE)`);
  }
  await admin.end();
}
