// Where the crop-tolerant fingerprint lives (migration 017): every view of a registered picture
// in image_region_hashes, in the registration's transaction; lookups by those views name public
// works only; a purge erases them.
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../server/cli/seed-content';
import { generateSeedImage } from '../../../server/cli/seed-images';
import { processImage, REGION_MATCH_MAX_DISTANCE } from '../../../server/image';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { adminPost, createAdminAccount, signIn } from '../admin/admin-test-kit';
import { fileForm, registerWork } from './proof-kit';
import { byContentMatches, storedViews } from './region-kit';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const cropOf = async (image: Buffer) => {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  return sharp(image)
    .extract({ left: 0, top: 0, width: Math.round(width * 0.95), height })
    .png()
    .toBuffer();
};

describe('crop-tolerant fingerprint storage', () => {
  it('keeps exactly the views the image pipeline computed, one row each', async () => {
    const image = await generateSeedImage(seededRandom(4242), { format: 'png' });
    const { created } = await registerWork(t.app, { title: 'Stored Views' }, image);
    const expected = (await processImage(image)).regionHashes.registered.map((v) => `${v.kind}:${v.hash}`).sort();
    expect(expected.length).toBeGreaterThanOrEqual(12);
    expect(await storedViews(t, created.id)).toEqual(expected);
  });

  it("replaces a work's views when they change, keeping none of the old ones", async () => {
    const image = await generateSeedImage(seededRandom(4243), { format: 'png' });
    const { created } = await registerWork(t.app, { title: 'Changed Views' }, image);
    const replaced = ['c:00000000000000ff', 'f:0123456789abcdef'];
    await sql`UPDATE submissions SET image_region_hashes = ${replaced.join(' ')} WHERE id = ${created.id}`.execute(t.deps.db);
    expect(await storedViews(t, created.id)).toEqual(replaced);
  });

  it('finds a cropped copy by POST /api/lookup and byContent, and never once the work is private', async () => {
    const image = await generateSeedImage(seededRandom(4343), { format: 'png' });
    const { created } = await registerWork(t.app, { title: 'Looked Up' }, image);
    const crop = await cropOf(image);
    const lookup = async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/lookup', ...fileForm(crop, 'crop.png', 'image/png') });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ exact: unknown[]; near: { registry_id: string; distance: number }[] }>();
      return { exact: body.exact, near: body.near.map((w) => w.registry_id), distances: body.near.map((w) => w.distance) };
    };
    const found = await lookup();
    expect({ exact: found.exact, near: found.near }).toEqual({ exact: [], near: [created.registry_id] });
    expect(found.distances[0]).toBeLessThanOrEqual(REGION_MATCH_MAX_DISTANCE);
    expect(await byContentMatches(t, crop)).toEqual([created.registry_id]);

    await t.deps.db.updateTable('submissions').set({ is_public: false }).where('id', '=', created.id).execute();
    expect(await lookup()).toEqual({ exact: [], near: [], distances: [] });
    expect(await byContentMatches(t, crop)).toEqual([]);
  });

  it('erases the views when an admin purges the work, so its copies are no longer found', async () => {
    const image = await generateSeedImage(seededRandom(4444), { format: 'jpeg' });
    const { created } = await registerWork(t.app, { title: 'To Be Purged' }, image);
    expect((await storedViews(t, created.id)).length).toBeGreaterThanOrEqual(12);
    await createAdminAccount(t).catch(() => undefined);
    const cookie = await signIn(t);
    expect((await adminPost(t, `/api/admin/submissions/${created.id}/remove`, { reason: 'GDPR erasure' }, cookie)).statusCode).toBe(
      200,
    );
    const purge = await adminPost(
      t,
      `/api/admin/submissions/${created.id}/purge`,
      { reason: 'GDPR erasure', confirm: created.registry_id.toLowerCase() },
      cookie,
    );
    expect(purge.statusCode).toBe(200);
    expect(await storedViews(t, created.id)).toEqual([]);
  });
});
