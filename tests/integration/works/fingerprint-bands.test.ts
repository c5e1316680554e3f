// The near-duplicate search through the band indexes (migration 009) finds exactly the
// fingerprints a scan of every stored hash finds, on 100,000 random hashes plus clusters of
// close ones, for probes at every distance from 0 to one past the threshold.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEAR_DUPLICATE_MAX_DISTANCE } from '../../../server/image';
import { closeFingerprints, closeFingerprintsQuery } from '../../../server/works/works-repository';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

let t: TestDatabase;
const stored: { id: string; hi: number; lo: number }[] = [];
const centres: { hi: number; lo: number }[] = [];

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let v = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    v = (v + Math.imul(v ^ (v >>> 7), 61 | v)) ^ v;
    return ((v ^ (v >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(2026);

function hex(hi: number, lo: number): string {
  return (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
}

/** `hash` with `count` distinct random bits flipped. */
function flipRandomBits(hash: { hi: number; lo: number }, count: number): { hi: number; lo: number } {
  const bits = new Set<number>();
  while (bits.size < count) bits.add(Math.floor(next() * 64));
  let { hi, lo } = hash;
  for (const bit of bits) {
    if (bit < 32) hi ^= 1 << bit;
    else lo ^= 1 << (bit - 32);
  }
  return { hi: hi >>> 0, lo: lo >>> 0 };
}

function popcount32(n: number): number {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The reference: every stored hash compared with the probe. */
function bruteForce(probe: { hi: number; lo: number }): [string, number][] {
  const found: [string, number][] = [];
  for (const s of stored) {
    const distance = popcount32((s.hi ^ probe.hi) >>> 0) + popcount32((s.lo ^ probe.lo) >>> 0);
    if (distance <= NEAR_DUPLICATE_MAX_DISTANCE) found.push([s.id, distance]);
  }
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

beforeAll(async () => {
  t = await createTestDatabase();
  const db = t.database.db;
  // The search reads the fingerprint table alone, so this test fills it directly rather than
  // registering 100,000 works: the link to submissions is dropped in this throwaway database.
  await sql`ALTER TABLE image_fingerprints DROP CONSTRAINT image_fingerprints_submission_id_fkey`.execute(db);
  await sql`
    INSERT INTO image_fingerprints (submission_id, phash)
    SELECT gen_random_uuid(), (floor(random() * 4294967296)::bigint << 32) | floor(random() * 4294967296)::bigint
    FROM generate_series(1, 100000)`.execute(db);
  // Clusters: 40 centres with 30 hashes each at 0 to 12 bits, so probes see many matches at once.
  const clustered: string[] = [];
  for (let c = 0; c < 40; c++) {
    const centre = { hi: Math.floor(next() * 2 ** 32), lo: Math.floor(next() * 2 ** 32) };
    centres.push(centre);
    for (let i = 0; i < 30; i++) {
      const h = flipRandomBits(centre, Math.floor(next() * 13));
      clustered.push(BigInt.asIntN(64, BigInt(`0x${hex(h.hi, h.lo)}`)).toString());
    }
  }
  await sql`
    INSERT INTO image_fingerprints (submission_id, phash)
    SELECT gen_random_uuid(), h FROM unnest(${clustered}::bigint[]) AS h`.execute(db);
  await sql`VACUUM ANALYZE image_fingerprints`.execute(db);
  const rows = await sql<{ submission_id: string; h: string }>`
    SELECT submission_id, to_hex(phash) AS h FROM image_fingerprints`.execute(db);
  for (const r of rows.rows) {
    const full = r.h.padStart(16, '0');
    stored.push({ id: r.submission_id, hi: Number.parseInt(full.slice(0, 8), 16), lo: Number.parseInt(full.slice(8), 16) });
  }
}, 60_000);
afterAll(async () => {
  await t.drop();
});

describe('near-duplicate search through the band indexes', () => {
  it('reads its candidates from the four band indexes alone, never the whole table', async () => {
    const compiled = closeFingerprintsQuery(t.database.db, '0123456789abcdef').compile();
    const plan = await t.database.pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    for (const band of [0, 1, 2, 3]) expect(text).toContain(`Index Only Scan using image_fingerprints_band_${band} `);
    expect(text).not.toMatch(/Seq Scan|Bitmap Heap Scan/);
  });

  it('finds the same fingerprints at the same distances as a scan of all 101,200, for 360 probes at 0 to 11 bits from stored ones, near clusters and at random', async () => {
    expect(stored).toHaveLength(101_200);
    const probes: { hi: number; lo: number }[] = [];
    for (let i = 0; i < 240; i++) {
      const base = stored[Math.floor(next() * stored.length)];
      probes.push(flipRandomBits(base, i % (NEAR_DUPLICATE_MAX_DISTANCE + 2)));
    }
    for (let i = 0; i < 60; i++) probes.push(flipRandomBits(centres[i % centres.length], i % 6));
    for (let i = 0; i < 60; i++) probes.push({ hi: Math.floor(next() * 2 ** 32), lo: Math.floor(next() * 2 ** 32) });

    let matches = 0;
    let atThreshold = 0;
    for (const probe of probes) {
      const expected = bruteForce(probe);
      const found = [...(await closeFingerprints(t.database.db, hex(probe.hi, probe.lo))).entries()].sort((a, b) =>
        a[0].localeCompare(b[0]),
      );
      expect(found).toEqual(expected);
      matches += expected.length;
      atThreshold += expected.filter(([, d]) => d === NEAR_DUPLICATE_MAX_DISTANCE).length;
    }
    // The comparison means something: many matches, some exactly at the threshold.
    expect(matches).toBeGreaterThan(500);
    expect(atThreshold).toBeGreaterThan(5);
  });
});
