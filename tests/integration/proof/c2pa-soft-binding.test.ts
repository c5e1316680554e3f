// The C2PA Soft Binding Resolution API (/api/c2pa/v1): supported algorithms, matches by a binding
// value (SHA-256 or perceptual hash, base64) and by the image itself, manifest identifiers that
// name public works only, and the manifest endpoint's 404 for an unsigned original (the stores
// of signed ones: c2pa-manifest-stores.test.ts).
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { perceptualHash } from '../../../server/image';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';
import { makePng } from '../../fixtures/images';
import { registerWork } from './proof-kit';

let t: TestApp;
let original: Buffer;
let copy: Buffer;
let registryId = '';
let sha256 = '';
let hiddenIds: string[] = [];

const b64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

beforeAll(async () => {
  t = await createTestApp();
  original = await makePng({ width: 900, height: 600, seed: 5151 });
  copy = await sharp(original).resize(600, 400).jpeg({ quality: 70 }).toBuffer();
  const registered = await registerWork(t.app, { title: 'Soft Bound', artist_name: 'Binder' }, original);
  registryId = registered.created.registry_id;
  sha256 = registered.upload.image_hash;
  const phash = (
    await sql<{ p: string }>`SELECT image_phash AS p FROM submissions WHERE id = ${registered.created.id}`.execute(t.deps.db)
  ).rows[0].p;
  // The same image registered privately and one removed: never named.
  const hidden = [
    await insertWork(t.deps.db, { image_hash: sha256, image_phash: phash, is_public: false }),
    await insertWork(t.deps.db, { image_hash: sha256, image_phash: phash, deleted_at: new Date() }),
  ];
  hiddenIds = hidden.flatMap((w) => [w.id, w.registry_id]);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { origin: 'https://elsewhere.example' } });
const byContent = (body: Buffer, contentType: string, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/c2pa/v1/matches/byContent${query}`,
    headers: { 'content-type': contentType },
    payload: body,
  });

describe('C2PA Soft Binding Resolution API', () => {
  it('lists exactly our two fingerprint algorithms, readable from any origin', async () => {
    const res = await get('/api/c2pa/v1/services/supportedAlgorithms');
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json()).toEqual({
      watermarks: [],
      fingerprints: [{ alg: 'veriwork.sha256.1' }, { alg: 'veriwork.phash-dct64.1' }],
    });
  });

  it('finds the original by the SHA-256 of its file, and never a private or deleted copy', async () => {
    const res = await get(`/api/c2pa/v1/matches/byBinding?alg=veriwork.sha256.1&value=${encodeURIComponent(b64(sha256))}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json()).toEqual({ matches: [{ manifestId: registryId, similarityScore: 100 }] });
    for (const id of hiddenIds) expect(res.body).not.toContain(id);
  });

  it('finds the original by the perceptual hash of a resized, recompressed copy', async () => {
    const copyHash = await perceptualHash(sharp(copy));
    const res = await get(`/api/c2pa/v1/matches/byBinding?alg=veriwork.phash-dct64.1&value=${encodeURIComponent(b64(copyHash))}`);
    expect(res.statusCode).toBe(200);
    const { matches } = res.json<{ matches: { manifestId: string; similarityScore: number }[] }>();
    expect(matches.map((m) => m.manifestId)).toEqual([registryId]);
    expect(matches[0].similarityScore).toBeGreaterThanOrEqual(84);
    expect(matches[0].similarityScore).toBeLessThanOrEqual(100);
  });

  it('finds the original from a recompressed JPEG sent as the body, and nothing for an unrelated image', async () => {
    const res = await byContent(copy, 'image/jpeg');
    expect(res.statusCode).toBe(200);
    expect(res.json().matches.map((m: { manifestId: string }) => m.manifestId)).toEqual([registryId]);
    expect((await byContent(original, 'image/png', '?alg=veriwork.sha256.1')).json()).toEqual({
      matches: [{ manifestId: registryId, similarityScore: 100 }],
    });
    const other = await makePng({ width: 640, height: 480, seed: 99 });
    expect((await byContent(other, 'image/png')).json()).toEqual({ matches: [] });
  });

  it('refuses a body that is not an image with 415, and a broken image like uploads do', async () => {
    const text = await byContent(Buffer.from('hello'), 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toBe('Send the image itself as the request body, with its media type (e.g. image/jpeg).');
    const broken = await byContent(Buffer.from('not an image at all'), 'image/png');
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
  });

  it('refuses an unknown algorithm and a value of the wrong length with 400 and what to send', async () => {
    const unknown = await get(`/api/c2pa/v1/matches/byBinding?alg=com.example.watermark.1&value=AAAA`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(
      "Unknown soft binding algorithm 'com.example.watermark.1': this service supports veriwork.sha256.1 and " +
        'veriwork.phash-dct64.1 (GET /api/c2pa/v1/services/supportedAlgorithms).',
    );
    const short = await get(`/api/c2pa/v1/matches/byBinding?alg=veriwork.phash-dct64.1&value=AAAA`);
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(
      "Invalid parameter 'value': for veriwork.phash-dct64.1 it must be base64 of 8 bytes (a 64-bit perceptual hash).",
    );
    const missing = await get(`/api/c2pa/v1/matches/byBinding?alg=veriwork.sha256.1`);
    expect(missing.json().error).toMatchObject({
      code: 'invalid_parameter',
      message: "The parameter 'value' is missing or not valid.",
    });
  });

  it('answers 404 for the manifest of an unsigned original, and a private one is unknown', async () => {
    const kept = await get(`/api/c2pa/v1/manifests/${registryId}`);
    expect(kept.statusCode).toBe(404);
    expect(kept.headers['access-control-allow-origin']).toBe('*');
    expect(kept.json().error.message).toBe(`No C2PA manifest store for ${registryId}: its original carried no C2PA manifest store.`);
    const hidden = await get(`/api/c2pa/v1/manifests/${hiddenIds[1]}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.message).toBe('No public work has this manifest id.');
  });
});
