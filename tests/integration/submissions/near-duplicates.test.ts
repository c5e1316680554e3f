// Near-duplicate search by perceptual hash: the SQL query (server) and the in-memory index
// (seed command) give the same answers, and a re-encoded copy by another artist is flagged.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NearDuplicateQuery } from '../../../server/submissions/near-duplicates';
import { findNearDuplicates } from '../../../server/submissions/registry-evidence-repository';
import { createMemoryRegistryIndex } from '../../../server/submissions/registry-index';
import { insertWork } from '../../helpers/factories';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { freshPng, registerWork } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The base hash with the given bit positions (0 = most significant) flipped. */
function flip(base: string, bits: number[]): string {
  let value = BigInt(`0x${base}`);
  for (const b of bits) value ^= 1n << BigInt(63 - b);
  return value.toString(16).padStart(16, '0');
}

const BASE = 'c3a5f00f12345678';

describe('finding earlier works with a similar perceptual hash', () => {
  it('reports other artists within 10 bits, nearest first, and leaves out the same artist, exact copies, deleted works and distant hashes', async () => {
    const sameHash = 'e'.repeat(64);
    const works = {
      two: await insertWork(t.deps.db, { artist_name: 'Other A', image_phash: flip(BASE, [1, 9]) }),
      ten: await insertWork(t.deps.db, { artist_name: 'Other B', image_phash: flip(BASE, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) }),
      eleven: await insertWork(t.deps.db, { artist_name: 'Other C', image_phash: flip(BASE, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) }),
      own: await insertWork(t.deps.db, { artist_name: 'ME', image_phash: BASE }),
      exact: await insertWork(t.deps.db, { artist_name: 'Other D', image_phash: BASE, image_hash: sameHash }),
      deleted: await insertWork(t.deps.db, { artist_name: 'Other E', image_phash: BASE, deleted_at: new Date() }),
      zero: await insertWork(t.deps.db, { artist_name: 'Other F', image_phash: BASE }),
    };
    const query: NearDuplicateQuery = { phash: BASE, artistName: 'me', imageHash: sameHash };

    const fromSql = await findNearDuplicates(t.deps.db, query);
    expect(fromSql).toEqual([
      { id: works.zero.id, distance: 0 },
      { id: works.two.id, distance: 2 },
      { id: works.ten.id, distance: 10 },
    ]);

    const memory = createMemoryRegistryIndex();
    expect(await memory.catchUp(t.deps.db)).toBe(6); // every live work; the deleted one is left out
    expect(
      (await memory.nearDuplicates({ ...query, ownerEmail: 'me@example.com', profileLinks: [] })).nearDuplicatesOfOtherArtists,
    ).toEqual(fromSql);

    // Re-scoring only looks at works registered before: the registry number bounds the search.
    const seq = Number(
      (await t.deps.db.selectFrom('submissions').select('registry_seq').where('id', '=', works.ten.id).executeTakeFirstOrThrow())
        .registry_seq,
    );
    const earlier = { ...query, beforeSeq: seq };
    expect(await findNearDuplicates(t.deps.db, earlier)).toEqual([{ id: works.two.id, distance: 2 }]);

    // The search reads a fingerprint table kept by a trigger: clearing a hash (as a purge does)
    // takes the work out, and a new hash is found at once.
    await t.deps.db.updateTable('submissions').set({ image_phash: null }).where('id', '=', works.zero.id).execute();
    await t.deps.db
      .updateTable('submissions')
      .set({ image_phash: flip(BASE, [5]) })
      .where('id', '=', works.eleven.id)
      .execute();
    expect(await findNearDuplicates(t.deps.db, query)).toEqual([
      { id: works.eleven.id, distance: 1 },
      { id: works.two.id, distance: 2 },
      { id: works.ten.id, distance: 10 },
    ]);
  });

  it('flags a resized, re-encoded copy of another artist’s registered image as near-identical', async () => {
    const png = await freshPng(800, 600);
    await registerWork(t.app, { artist_name: 'First Painter' }, png);
    const copy = await sharp(png).resize(400).jpeg({ quality: 70 }).toBuffer();
    const { created } = await registerWork(t.app, { artist_name: 'Second Painter' }, copy);
    const row = await t.deps.db
      .selectFrom('submissions')
      .select(['trust_breakdown', 'duplicate_of'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.duplicate_of).toBeNull(); // not the same bytes
    const reasons = (row.trust_breakdown as { reasons: string[] }).reasons;
    expect(
      reasons.some((r) => /^Near-identical image registered earlier by another artist \([0-4] of 64 bits differ\): -10$/.test(r)),
    ).toBe(true);
  });
});
