// The image check (decision 0018): a missing derivative is rebuilt from the stored original under
// the same key; a work whose original is gone too is reported, never given a made-up image.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWork } from '../../helpers/factories';
import { listFiles } from '../../helpers/test-app';
import { makePng } from '../../fixtures/images';
import { processImage } from '../../../server/image';
import { newObjectKey, publicImagePath } from '../../../server/storage/object-store';
import { adminPost, createAdminAccount, createAdminTestApp, signIn, type AdminTestApp } from './admin-test-kit';

let t: AdminTestApp;
let cookie: string;

beforeAll(async () => {
  t = await createAdminTestApp();
  await createAdminAccount(t);
  cookie = await signIn(t);
});
afterAll(async () => {
  await t.close();
});

async function storedWork(
  title: string,
  seed: number,
  keep: { derivative: boolean; original: boolean },
  extra: Parameters<typeof insertWork>[1] = {},
) {
  const original = await makePng({ width: 480, height: 320, seed });
  const processed = await processImage(original);
  const imageKey = newObjectKey('jpg');
  const originalKey = newObjectKey('png');
  if (keep.derivative) await t.deps.store.put('artworks', imageKey, processed.derivative);
  if (keep.original) await t.deps.store.put('originals', originalKey, original);
  const work = await insertWork(t.deps.db, {
    title,
    image_key: imageKey,
    original_key: originalKey,
    image_url: publicImagePath(imageKey),
    image_hash: processed.sha256,
    ...extra,
  });
  return { ...work, imageKey, derivative: processed.derivative };
}

describe('POST /api/admin/images/check', () => {
  it('keeps good images, rebuilds missing derivatives from originals, and reports works whose original is lost', async () => {
    const base = Date.parse('2026-01-01T00:00:00Z');
    await storedWork('Intact', 1, { derivative: true, original: true }, { created_at: new Date(base) });
    const rebuilt = await storedWork(
      'Derivative lost',
      2,
      { derivative: false, original: true },
      { created_at: new Date(base + 1000) },
    );
    const lost = await storedWork('Both lost', 3, { derivative: false, original: false }, { created_at: new Date(base + 2000) });
    const removed = await storedWork(
      'Removed, derivative lost',
      4,
      { derivative: false, original: true },
      {
        created_at: new Date(base + 3000),
        deleted_at: new Date(),
        deleted_by: 'x@example.com',
      },
    );
    // Purged works have no images on purpose and are not checked.
    await insertWork(t.deps.db, { title: 'Purged', deleted_at: new Date(), purged_at: new Date(), created_at: new Date(base + 4000) });

    const res = await adminPost(t, '/api/admin/images/check', {}, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 4,
      offset: 0,
      checked: 4,
      ok: 1,
      regenerated: 2,
      lost: [{ id: lost.id, registry_id: lost.registry_id, title: 'Both lost' }],
      next_offset: null,
    });
    const rebuiltBytes = await t.deps.store.get('artworks', rebuilt.imageKey);
    expect(rebuiltBytes?.equals(rebuilt.derivative)).toBe(true);
    expect(await t.deps.store.exists('artworks', removed.imageKey)).toBe(true);
    // Nothing was written for the lost work.
    expect(listFiles(t.dataDir)).not.toContain(`artworks/${lost.imageKey}`);

    const second = (await adminPost(t, '/api/admin/images/check', {}, cookie)).json();
    expect(second).toMatchObject({ checked: 4, ok: 3, regenerated: 0 });
    expect(second.lost).toHaveLength(1);
  });

  it('checks in batches with offset and limit so the page can show progress', async () => {
    const first = (await adminPost(t, '/api/admin/images/check?offset=0&limit=3', {}, cookie)).json();
    expect(first).toMatchObject({ total: 4, offset: 0, checked: 3, next_offset: 3 });
    const rest = (await adminPost(t, '/api/admin/images/check?offset=3&limit=3', {}, cookie)).json();
    expect(rest).toMatchObject({ total: 4, offset: 3, checked: 1, next_offset: null });
    expect(first.ok + rest.ok).toBe(3);
    expect([...first.lost, ...rest.lost].map((w: { title: string }) => w.title)).toEqual(['Both lost']);
    const bad = await adminPost(t, '/api/admin/images/check?limit=0', {}, cookie);
    expect(bad.statusCode).toBe(400);
  });
});
