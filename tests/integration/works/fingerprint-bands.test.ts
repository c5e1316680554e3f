// The near-duplicate search through the band indexes (migration 009) finds exactly the
// fingerprints a scan of every stored hash finds, on 100,000 random hashes plus clusters of
// close ones, for probes at every distance from 0 to one past the threshold.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEAR_DUPLICATE_MAX_DISTANCE } from '../../../server/image';
import { closeFingerprints, closeFingerprintsQuery } from '../../../server/works/works-repository';
import { bruteForce, clusteredHashes, hex, probesFor, random, type Hash, type StoredHash } from '../../helpers/random-fingerprints';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

let t: TestDatabase;
const stored: StoredHash[] = [];
const centres: Hash[] = [];
const next = random(2026);

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
  const clusters = clusteredHashes(next);
  centres.push(...clusters.centres);
  const clustered = clusters.hashes.map((h) => BigInt.asIntN(64, BigInt(`0x${hex(h)}`)).toString());
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
    const probes = probesFor(next, stored, centres);

    let matches = 0;
    let atThreshold = 0;
    for (const probe of probes) {
      const expected = bruteForce(stored, probe);
      const found = [...(await closeFingerprints(t.database.db, hex(probe))).entries()].sort((a, b) => a[0].localeCompare(b[0]));
      expect(found).toEqual(expected);
      matches += expected.length;
      atThreshold += expected.filter(([, d]) => d === NEAR_DUPLICATE_MAX_DISTANCE).length;
    }
    // The comparison means something: many matches, some exactly at the threshold.
    expect(matches).toBeGreaterThan(500);
    expect(atThreshold).toBeGreaterThan(5);
  });
});
