// Uploads never submitted expire: their rows and both files are removed; submitted ones stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredUploads } from '../../../server/submissions/upload-cleanup';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { freshPng, imageFiles, registerWork, upload } from './helpers';

let t: TestApp;
let now = new Date('2026-05-01T08:00:00.000Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => now });
});
afterAll(async () => {
  await t.close();
});

describe('expired upload cleanup', () => {
  it('deletes an unsubmitted upload after UPLOAD_TTL_HOURS, with its files, and keeps a submitted one', async () => {
    const { upload: submitted } = await registerWork(t.app, { artist_name: 'Keeper' });
    const abandoned = await upload(t.app, await freshPng());
    expect(imageFiles(t.dataDir)).toHaveLength(4);

    expect(await deleteExpiredUploads(t.deps)).toBe(0); // nothing has expired yet

    now = new Date(now.getTime() + 24 * 60 * 60 * 1000 + 1000);
    expect(await deleteExpiredUploads(t.deps)).toBe(1);
    const remaining = await t.deps.db.selectFrom('uploads').select('id').execute();
    expect(remaining.map((r) => r.id)).toEqual([submitted.upload_id]);
    expect(imageFiles(t.dataDir)).toHaveLength(2);
    expect((await t.app.inject({ method: 'GET', url: abandoned.image_url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: submitted.image_url })).statusCode).toBe(200);
  });
});
