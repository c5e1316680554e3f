// The crop-tolerant lookup's statement (server/proof/region-match-repository.ts) against the wide
// band indexes of migration 038: on 8,400 stored views, every copy within 8 bits is found however
// its differing bits fall on the bands, exactly the works a scan of every view finds,
// and the indexes are what the planner reads.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../server/cli/seed-content';
import { REGION_MATCH_MAX_DISTANCE, type RegionKind } from '../../../server/image';
import { closeRegionViews, publicWorksNearRegionHashes, type RegionProbe } from '../../../server/proof/region-match-repository';
import { asSignedBigint } from '../../../server/works/fingerprint-bands';
import { flipInBands, randomHex, randomSpread, WORST_SPREADS } from '../../helpers/region-views';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertBulkWorks } from '../public-api/bulk-works';

const WORKS = 600;
/** A registered picture's views by kind: whole frame and 9 windows, centre, upright and 2 turned. */
const KIND_OF_VIEW: readonly RegionKind[] = [...Array<RegionKind>(10).fill('f'), 'c', 't', 't', 't'];
const D = REGION_MATCH_MAX_DISTANCE;

let t: TestApp;
let views: { id: string; kind: RegionKind; hash: string }[] = [];
const probes: RegionProbe[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  await insertBulkWorks(db, { count: WORKS, titlePrefix: 'Banded' });
  // Every 10th work is private: the views name it, the answer never does.
  await sql`UPDATE submissions SET is_public = false WHERE registry_seq % 10 = 0`.execute(db);
  const ids = (await sql<{ id: string }>`SELECT id FROM submissions ORDER BY registry_seq`.execute(db)).rows.map((r) => r.id);
  const next = seededRandom(3700);
  views = ids.flatMap((id) => KIND_OF_VIEW.map((kind) => ({ id, kind, hash: randomHex(next) })));
  const texts = ids.map((id) =>
    views
      .filter((v) => v.id === id)
      .map((v) => `${v.kind}:${v.hash}`)
      .join(' '),
  );
  await sql`UPDATE submissions s SET image_region_hashes = v.text FROM unnest(${ids}::uuid[], ${texts}::text[]) AS v(id, text)
    WHERE s.id = v.id`.execute(db);
  await sql`ANALYZE image_region_hashes`.execute(db);
  // 60 looked-up pictures of three views each: copies of a work whose bits differ worst on the
  // bands (8 bits as 3 + 3 + 2, all in one band, ...; 9 bits), copies 0 to 9 bits away, new ones.
  for (let query = 0; query < 60; query++) {
    const work = ids[Math.floor(next() * ids.length)];
    for (const [k, kind] of (['f', 'c', 't'] as const).entries()) {
      const own = views.filter((v) => v.id === work && v.kind === kind);
      const view = own[Math.floor(next() * own.length)];
      const spread =
        query < 40 ? WORST_SPREADS[(query * 3 + k) % WORST_SPREADS.length] : randomSpread(Math.floor(next() * (D + 2)), next);
      probes.push({ query, kind, hash: query >= 55 ? randomHex(next) : flipInBands(view.hash, spread, next) });
    }
  }
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** The reference: every stored view of the probe's kind compared. Rows "query id distance", sorted. */
async function fullScan(publicOnly: boolean): Promise<string[]> {
  const rows = await sql<{ query: number; id: string; distance: number }>`
    SELECT p.query, r.submission_id AS id, min(bit_count((r.hash # p.hash)::bit(64)))::int AS distance
    FROM unnest(${probes.map((p) => p.query)}::int[], ${probes.map((p) => p.kind)}::text[], ${probes.map((p) => asSignedBigint(p.hash))}::bigint[])
      AS p(query, kind, hash)
    JOIN image_region_hashes r ON r.kind = p.kind::"char"
    WHERE bit_count((r.hash # p.hash)::bit(64)) <= ${D}
      AND (NOT ${publicOnly} OR r.submission_id IN (SELECT id FROM public_submissions))
    GROUP BY p.query, r.submission_id`.execute(t.deps.db);
  return rows.rows.map((r) => `${r.query} ${r.id} ${r.distance}`).sort();
}

describe('crop-tolerant lookup by wide bands', () => {
  it('finds exactly the views a full scan finds, copies 8 bits away however their bits fall on the bands', async () => {
    const found = await sql<{ query: number; submission_id: string; distance: number }>`${closeRegionViews(probes, D)}`.execute(
      t.deps.db,
    );
    const reference = await fullScan(false);
    expect(found.rows.map((r) => `${r.query} ${r.submission_id} ${r.distance}`).sort()).toEqual(reference);
    const distances = reference.map((row) => Number(row.split(' ')[2]));
    // 51 finds, 36 of them at the largest distance (the copies whose 8 bits fall worst on the bands).
    expect(distances.length).toBe(51);
    expect(distances.filter((d) => d === 8).length).toBe(36);
  });

  it('answers public works only, each once with its closest view, as the full scan does', async () => {
    const rows = await publicWorksNearRegionHashes(t.deps.db, probes, D, 1000);
    expect(rows.map((r) => `${r.query} ${r.id} ${r.distance}`).sort()).toEqual(await fullScan(true));
  });

  it('reads the band indexes of migrations 038, 040 and 041, one per band, each keyed by the kind first and carrying the hash only', async () => {
    const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${closeRegionViews(probes.slice(0, 3), D)}`.execute(t.deps.db);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect([0, 1, 2].map((band) => text.includes(`image_region_hashes_wide_band_${band}`))).toEqual([true, true, true]);
    expect(text).not.toContain('Seq Scan on image_region_hashes');
    // Each kind's views a run of their own in every band index (decision 0084).
    const keys = await sql<{ name: string; first: string }>`
      SELECT c.relname AS name, pg_get_indexdef(i.indexrelid, 1, true) AS first
      FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE c.relname LIKE 'image_region_hashes_wide_band_%' ORDER BY c.relname`.execute(t.deps.db);
    expect(keys.rows).toEqual([0, 1, 2].map((band) => ({ name: `image_region_hashes_wide_band_${band}`, first: 'kind' })));
    // They carry the hash, not the work (migration 041): a third smaller, and the distance is still decided in the index.
    const carried = await sql<{ definition: string }>`
      SELECT pg_get_indexdef(c.oid) AS definition FROM pg_class c
      WHERE c.relname LIKE 'image_region_hashes_wide_band_%' ORDER BY c.relname`.execute(t.deps.db);
    expect(carried.rows.map((r) => r.definition.replace(/.*INCLUDE /, 'INCLUDE '))).toEqual([
      'INCLUDE (hash)',
      'INCLUDE (hash)',
      'INCLUDE (hash)',
    ]);
    expect(text).toMatch(/Index Only Scan using image_region_hashes_wide_band_0/);
  });

  it('names every work that registered a close view, when two works carry the same views', async () => {
    const before = await fullScan(false);
    const [query, found] = before[0].split(' ');
    const foundIds = before.map((row) => row.split(' ')[1]);
    // A work none of the looked-up pictures is close to, so its own finds do not change.
    const other = (
      await sql<{
        id: string;
      }>`SELECT id FROM submissions WHERE id <> ALL(${foundIds}::uuid[]) ORDER BY registry_seq DESC LIMIT 1`.execute(t.deps.db)
    ).rows[0].id;
    // The same picture registered again by another work: its views are the first one's.
    await sql`UPDATE submissions SET image_region_hashes = (SELECT image_region_hashes FROM submissions WHERE id = ${found})
      WHERE id = ${other}`.execute(t.deps.db);
    const rows = await sql<{ query: number; submission_id: string; distance: number }>`${closeRegionViews(probes, D)}`.execute(
      t.deps.db,
    );
    const reference = await fullScan(false);
    expect(rows.rows.map((r) => `${r.query} ${r.submission_id} ${r.distance}`).sort()).toEqual(reference);
    const forQuery = reference.filter((row) => row.startsWith(`${query} `)).map((row) => row.split(' ')[1]);
    expect(forQuery.sort()).toEqual([found, other].sort());
    expect(reference.length).toBe(before.length + 1);
  });
});
