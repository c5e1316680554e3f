// An upload is recorded before its files are written and marked stored after (crash
// consistency): one whose files are not stored cannot be submitted, a failed write removes the
// row and files, and the sweep removes uploads left not stored (a crash) with their files and
// unfinished writes, and nothing else.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteDeadUploads, sweepUploadsAtStartUp, UNSTORED_UPLOAD_GRACE_MS } from '../../../server/submissions/upload-cleanup';
import { createTestApp, listFiles, type TestApp } from '../../helpers/test-app';
import { testDatabaseKind } from '../../helpers/test-database';
import { freshPng, imageFiles, registerWork, submissionBody, submit, upload, uploadFile } from './helpers';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

let t: TestApp;
let now = new Date('2026-05-01T08:00:00.000Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => now });
});
afterAll(async () => {
  await t.close();
});

/** Puts an upload back in the state a crash between its row and its files leaves it in. */
async function markNotStored(uploadId: string): Promise<void> {
  await t.deps.db.updateTable('uploads').set({ files_stored_at: null }).where('id', '=', uploadId).execute();
}

async function uploadKeys(uploadId: string) {
  return t.deps.db
    .selectFrom('uploads')
    .select(['original_key', 'derivative_key'])
    .where('id', '=', uploadId)
    .executeTakeFirstOrThrow();
}

async function uploadIds(): Promise<string[]> {
  return (await t.deps.db.selectFrom('uploads').select('id').orderBy('created_at').execute()).map((r) => r.id);
}

describe('an upload whose files are not stored', () => {
  it("is refused at submission with 400 'Upload incomplete' and registers nothing", async () => {
    const pending = await upload(t.app, await freshPng());
    await markNotStored(pending.upload_id);
    const res = await submit(t.app, submissionBody(pending.upload_id));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'upload_not_stored',
      title: 'Upload incomplete',
      message: 'Your image was not saved completely. Please upload it again.',
      fields: { upload_id: 'Your image was not saved completely. Please upload it again.' },
    });
    expect(await t.deps.db.selectFrom('submissions').select('id').execute()).toEqual([]);
    // Dead for the sweep once the grace period is over: row and files go.
    expect(await deleteDeadUploads(t.deps, 0)).toBe(1);
    expect(await uploadIds()).toEqual([]);
    expect(imageFiles(t.dataDir)).toEqual([]);
  });
});

describe('POST /api/uploads when writing a file fails', () => {
  it("answers 500 'Upload failed' and leaves neither the row nor the original it had written", async () => {
    const before = imageFiles(t.dataDir);
    // A file where the derivatives' month folder should be: the original is written, the derivative cannot be.
    const monthFolder = path.join(t.dataDir, 'artworks', '2026', '05');
    fs.rmSync(monthFolder, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(monthFolder), { recursive: true });
    fs.writeFileSync(monthFolder, 'not a folder');
    try {
      const res = await uploadFile(t.app, await freshPng());
      expect(res.statusCode).toBe(500);
      expect(res.json().error).toEqual({
        code: 'upload_failed',
        title: 'Upload failed',
        message: 'Could not upload image. Please try again.',
      });
      expect(imageFiles(t.dataDir)).toEqual([...before, 'artworks/2026/05']);
      expect(await uploadIds()).toEqual([]);
    } finally {
      fs.rmSync(monthFolder, { force: true });
    }
  });
});

describe('the sweep of dead uploads', () => {
  it('removes uploads not stored for longer than the grace period, with their files and unfinished writes, and nothing else', async () => {
    const { upload: submitted } = await registerWork(t.app, { artist_name: 'Keeper' });
    const waiting = await upload(t.app, await freshPng());
    // Crashed mid-way: the original written, the derivative still a temp file.
    const crashed = await upload(t.app, await freshPng());
    await markNotStored(crashed.upload_id);
    const crashedKeys = await uploadKeys(crashed.upload_id);
    const derivative = path.join(t.dataDir, 'artworks', crashedKeys.derivative_key);
    fs.renameSync(derivative, `${derivative}.tmp`);
    now = new Date(now.getTime() + 5 * MINUTE_MS);
    // Not stored for 5 minutes only when the sweep runs: it may still be being written.
    const recent = await upload(t.app, await freshPng());
    await markNotStored(recent.upload_id);
    const recentKeys = await uploadKeys(recent.upload_id);
    now = new Date(now.getTime() + UNSTORED_UPLOAD_GRACE_MS - 4 * MINUTE_MS);
    const filesBefore = imageFiles(t.dataDir);

    expect(await deleteDeadUploads(t.deps, UNSTORED_UPLOAD_GRACE_MS)).toBe(1);
    expect(await uploadIds()).toEqual([submitted.upload_id, waiting.upload_id, recent.upload_id]);
    expect(imageFiles(t.dataDir)).toEqual(
      filesBefore.filter((f) => f !== `originals/${crashedKeys.original_key}` && f !== `artworks/${crashedKeys.derivative_key}.tmp`),
    );
    expect(imageFiles(t.dataDir)).toHaveLength(6);
    // The survivors still work: the waiting upload registers, the submitted work's image is served.
    expect((await submit(t.app, submissionBody(waiting.upload_id, { artist_name: 'Late' }))).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: submitted.image_url })).statusCode).toBe(200);

    // At start-up, the embedded database's owner knows no upload is in progress: the recent one
    // is dead too. A shared PostgreSQL database gives it the grace period.
    const sweep = await sweepUploadsAtStartUp(t.deps);
    if (testDatabaseKind === 'pglite') {
      expect(sweep).toEqual({ expired: 0, dead: 1, unfinishedWrites: 0 });
      expect(await uploadIds()).toEqual([submitted.upload_id, waiting.upload_id]);
      expect(imageFiles(t.dataDir)).not.toContain(`originals/${recentKeys.original_key}`);
      expect(imageFiles(t.dataDir)).toHaveLength(4);
    } else {
      expect(sweep).toEqual({ expired: 0, dead: 0, unfinishedWrites: 0 });
      expect(await uploadIds()).toEqual([submitted.upload_id, waiting.upload_id, recent.upload_id]);
      expect(imageFiles(t.dataDir)).toHaveLength(6);
    }
  });

  it('removes unfinished writes older than an hour at start-up, old-style ones included, and keeps recent ones', async () => {
    const folder = path.join(t.dataDir, 'originals', '2026', '04');
    fs.mkdirSync(folder, { recursive: true });
    const name = () => `${crypto.randomUUID()}.png`;
    const oldStyle = `${name()}.${crypto.randomUUID()}.tmp`;
    const oldWrite = `${name()}.tmp`;
    const recentWrite = `${name()}.tmp`;
    const finished = name();
    for (const file of [oldStyle, oldWrite, recentWrite, finished]) fs.writeFileSync(path.join(folder, file), 'bytes');
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR_MS);
    for (const file of [oldStyle, oldWrite, finished]) fs.utimesSync(path.join(folder, file), twoHoursAgo, twoHoursAgo);

    expect((await sweepUploadsAtStartUp(t.deps)).unfinishedWrites).toBe(2);
    expect(listFiles(folder)).toEqual([finished, recentWrite].sort());
  });
});
