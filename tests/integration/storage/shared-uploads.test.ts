// Several server processes behind a load balancer, each with its own data folder, one database
// and one S3-compatible store: an image uploaded on one is submitted and served on another, and
// a submission whose files are gone is refused before anything is registered.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicWork } from '../../../core/api-types';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { startS3Server, type TestS3Server } from '../../helpers/s3-server';
import { freshPng, imageFiles, submissionBody, submit, upload } from '../submissions/helpers';

// One image worker per app: these tests process a few small images, and start four apps.
const ONE_WORKER = { IMAGE_WORKERS: '1' };

const FILES_MISSING = {
  code: 'upload_files_missing',
  title: 'Upload missing',
  message: 'Your uploaded image is no longer stored. Please upload it again.',
  fields: { upload_id: 'Your uploaded image is no longer stored. Please upload it again.' },
};

async function uploadRow(t: TestApp, uploadId: string) {
  return t.deps.db
    .selectFrom('uploads')
    .select(['original_key', 'derivative_key', 'consumed_at'])
    .where('id', '=', uploadId)
    .executeTakeFirstOrThrow();
}

async function submissionCount(t: TestApp): Promise<number> {
  return (await t.deps.db.selectFrom('submissions').select('id').execute()).length;
}

describe('two server processes sharing one database and one S3 store', () => {
  let s3: TestS3Server;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    // Every process signs for the one log with the same key, as a deployment configures it.
    const logKey = crypto.generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const env = { ...s3.env, TLOG_SIGNING_KEY: logKey, ...ONE_WORKER };
    a = await createTestApp({ env });
    b = await createTestApp({ env, sharedDatabase: a.testDb });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await s3?.close();
  });

  it('registers on B an image uploaded on A (201), and B serves it', async () => {
    const pending = await upload(a.app, await freshPng());
    // The uploader's preview, served by whichever process the balancer picks.
    const preview = await b.app.inject({ method: 'GET', url: pending.image_url });
    expect(preview.statusCode).toBe(200);

    const res = await submit(b.app, submissionBody(pending.upload_id));
    expect(res.statusCode).toBe(201);
    const work = (await b.app.inject({ method: 'GET', url: `/api/submissions/${res.json().id}` })).json<PublicWork>();
    expect(work.image_url).toBe(pending.image_url);

    const { derivative_key } = await uploadRow(a, pending.upload_id);
    const stored = await a.deps.store.get('artworks', derivative_key);
    for (const app of [b.app, a.app]) {
      const image = await app.inject({ method: 'GET', url: work.image_url! });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(image.rawPayload.equals(stored!)).toBe(true);
    }
    // Nothing in either process's own data folder: the files are in the shared store only.
    expect(imageFiles(a.dataDir)).toEqual([]);
    expect(imageFiles(b.dataDir)).toEqual([]);
  });

  it("refuses on B an upload from A whose original is gone with 400 'Upload missing', writing no row", async () => {
    const pending = await upload(a.app, await freshPng());
    const keys = await uploadRow(a, pending.upload_id);
    await a.deps.store.delete('originals', keys.original_key);
    const before = await submissionCount(a);

    const res = await submit(b.app, submissionBody(pending.upload_id));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(FILES_MISSING);
    expect(await submissionCount(a)).toBe(before);
    expect((await uploadRow(a, pending.upload_id)).consumed_at).toBeNull();
  });

  it("refuses an upload whose public image is gone with 400 'Upload missing', writing no row", async () => {
    const pending = await upload(a.app, await freshPng());
    const keys = await uploadRow(a, pending.upload_id);
    await b.deps.store.delete('artworks', keys.derivative_key);
    const before = await submissionCount(a);

    const res = await submit(a.app, submissionBody(pending.upload_id));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(FILES_MISSING);
    expect(await submissionCount(a)).toBe(before);
  });

  it('never serves an original: its key under /artworks is 404 on both processes', async () => {
    const pending = await upload(a.app, await freshPng());
    const { original_key } = await uploadRow(a, pending.upload_id);
    expect(await a.deps.store.exists('originals', original_key)).toBe(true);
    for (const app of [a.app, b.app]) {
      const res = await app.inject({ method: 'GET', url: `/artworks/${original_key}` });
      expect(res.statusCode).toBe(404);
    }
    expect(JSON.stringify(pending)).not.toContain(original_key);
  });
});

describe('one process on its data folder', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: ONE_WORKER });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses an upload whose original file was removed with 400 'Upload missing', writing no row", async () => {
    const pending = await upload(t.app, await freshPng());
    const { original_key } = await uploadRow(t, pending.upload_id);
    fs.rmSync(path.join(t.dataDir, 'originals', original_key));

    const res = await submit(t.app, submissionBody(pending.upload_id));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(FILES_MISSING);
    expect(await submissionCount(t)).toBe(0);
  });
});

describe('registered works with S3_PUBLIC_URL set', () => {
  let s3: TestS3Server;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ env: { ...s3.env, S3_PUBLIC_URL: s3.bucketUrl, ...ONE_WORKER } });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('link the image in the public bucket, which pages may load, and never name the original', async () => {
    const pending = await upload(t.app, await freshPng());
    // The uploader's preview stays same-origin: the app checks the upload is still pending.
    expect(pending.image_url).toMatch(/^\/artworks\//);
    const res = await submit(t.app, submissionBody(pending.upload_id));
    expect(res.statusCode).toBe(201);
    const { original_key, derivative_key } = await uploadRow(t, pending.upload_id);

    const page = await t.app.inject({ method: 'GET', url: `/api/submissions/${res.json().id}` });
    const work = page.json<PublicWork>();
    expect(work.image_url).toBe(`${s3.bucketUrl}/artworks/${derivative_key}`);
    expect(page.body).not.toContain(original_key);
    expect(page.headers['content-security-policy']).toContain(`img-src 'self' data: blob: ${new URL(s3.bucketUrl).origin}`);

    const image = await fetch(work.image_url!);
    expect(image.status).toBe(200);
    const stored = await t.deps.store.get('artworks', derivative_key);
    expect(Buffer.from(await image.arrayBuffer()).equals(stored!)).toBe(true);
  });
});
