// npm run backfill:originals: works registered before migrations 015 and 017 get their
// crop-tolerant views and the C2PA manifest store their original carried, read from their
// originals, without touching the works' rows; works whose original is gone are skipped; a
// second run finds nothing left to do.
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../server/cli/seed-content';
import { generateSeedImage } from '../../../server/cli/seed-images';
import { readLedgerVersion } from '../../../server/ledger-cache';
import { processImage } from '../../../server/image';
import { backfillFromOriginals } from '../../../server/works/originals-backfill';
import { signImage } from '../../fixtures/c2pa-signing';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { registerWork } from './proof-kit';
import { byContentMatches, storedViews } from './region-kit';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A registered work as one registered before migrations 015 and 017 looks: no views, no manifest store. */
async function olderWork(seed: number, signed = false) {
  const picture = await generateSeedImage(seededRandom(seed), { format: 'jpeg' });
  const image = signed ? (await signImage(picture, 'image/jpeg', `Older ${seed}`)).asset : picture;
  const { created } = await registerWork(t.app, { title: `Older ${seed}` }, image);
  await sql`DELETE FROM image_region_hashes WHERE submission_id = ${created.id}`.execute(t.deps.db);
  await sql`DELETE FROM c2pa_manifest_stores WHERE submission_id = ${created.id}`.execute(t.deps.db);
  return { ...created, image };
}

const manifestStatus = async (registryId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/c2pa/v1/manifests/${registryId}` })).statusCode;

describe('backfill from originals', () => {
  it('gives an older work its views and manifest store from its original, so a cropped copy is found, and leaves the ledger version alone', async () => {
    const older = await olderWork(7001, true);
    const lost = await olderWork(7002);
    const { original_key } = await t.deps.db
      .selectFrom('submissions')
      .select('original_key')
      .where('id', '=', lost.id)
      .executeTakeFirstOrThrow();
    await t.deps.store.delete('originals', original_key!);

    const { width = 0, height = 0 } = await sharp(older.image).metadata();
    const crop = await sharp(older.image)
      .extract({ left: Math.round(width * 0.05), top: 0, width: Math.round(width * 0.95), height: Math.round(height * 0.95) })
      .png()
      .toBuffer();
    expect(await byContentMatches(t, crop)).not.toContain(older.registry_id);
    expect(await manifestStatus(older.registry_id)).toBe(404);

    const version = await readLedgerVersion(t.deps.db);
    expect(await backfillFromOriginals(t.deps, { batchSize: 1 })).toEqual({ done: 1, manifestStores: 1, skipped: 1 });

    const expected = (await processImage(older.image)).regionHashes.registered.map((v) => `${v.kind}:${v.hash}`).sort();
    expect(await storedViews(t, older.id)).toEqual(expected);
    expect(await storedViews(t, lost.id)).toEqual([]);
    expect(await readLedgerVersion(t.deps.db)).toBe(version);
    expect(await byContentMatches(t, crop)).toContain(older.registry_id);
    expect(await manifestStatus(older.registry_id)).toBe(200);
  });

  it('finds nothing left to do on a second run but the work whose original is gone', async () => {
    expect(await backfillFromOriginals(t.deps)).toEqual({ done: 0, manifestStores: 0, skipped: 1 });
  });
});
