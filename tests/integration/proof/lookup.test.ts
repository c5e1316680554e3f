// "Verify a file" (POST /api/lookup): exact matches by SHA-256 and near-duplicates by perceptual
// hash among public works, oldest first; refused files get the upload's 4xx; nothing is stored.
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LookupResponse } from '../../../core/api-types';
import { createTestApp, listFiles, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';
import { makePng } from '../../fixtures/images';
import { fileForm, registerWork } from './proof-kit';

let t: TestApp;
let original: Buffer;
let first: { id: string; registry_id: string };
let firstHash = '';

beforeAll(async () => {
  t = await createTestApp();
  original = await makePng({ width: 900, height: 600, seed: 4242 });
  const registered = await registerWork(t.app, { title: 'First Light', artist_name: 'Early Bird' }, original);
  first = registered.created;
  firstHash = registered.upload.image_hash;
});
afterAll(async () => {
  await t.close();
});

async function lookup(data: Buffer, filename = 'copy.jpg', contentType = 'image/jpeg') {
  return t.app.inject({ method: 'POST', url: '/api/lookup', ...fileForm(data, filename, contentType) });
}

async function storedState() {
  const uploads = await sql<{ n: string }>`SELECT count(*) AS n FROM uploads`.execute(t.deps.db);
  return { files: listFiles(t.dataDir), uploads: Number(uploads.rows[0].n) };
}

describe('POST /api/lookup', () => {
  it('finds the registered original as a near-duplicate of a copy resized to 50 % and re-encoded as JPEG quality 70', async () => {
    const copy = await sharp(original).resize(450, 300).jpeg({ quality: 70 }).toBuffer();
    const res = await lookup(copy);
    expect(res.statusCode).toBe(200);
    const body = res.json<LookupResponse>();
    expect(body.image_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(body.image_hash).not.toBe(firstHash);
    expect(body.exact).toEqual([]);
    expect(body.near).toHaveLength(1);
    expect(body.near[0]).toMatchObject({
      id: first.id,
      registry_id: first.registry_id,
      title: 'First Light',
      artist_name: 'Early Bird',
    });
    expect(body.near[0].distance).toBeGreaterThanOrEqual(0);
    expect(body.near[0].distance).toBeLessThanOrEqual(10);
  });

  it('finds the exact match for the same file, and does not list it again as a near-duplicate', async () => {
    const res = await lookup(original, 'original.png', 'image/png');
    const body = res.json<LookupResponse>();
    expect(body.image_hash).toBe(firstHash);
    expect(body.exact.map((w) => w.id)).toEqual([first.id]);
    expect(body.near.map((w) => w.id)).not.toContain(first.id);
  });

  it('lists matches oldest first, so the first registration comes first, and never a private work', async () => {
    const copier = await registerWork(t.app, { title: 'Copied Light', artist_name: 'Late Comer' }, original);
    await insertWork(t.deps.db, { title: 'Hidden copy', is_public: false, image_hash: firstHash });
    const body = (await lookup(original, 'original.png', 'image/png')).json<LookupResponse>();
    expect(body.exact.map((w) => w.registry_id)).toEqual([first.registry_id, copier.created.registry_id]);
    expect(JSON.stringify(body)).not.toContain('Hidden copy');
  });

  it('finds nothing for an unrelated picture', async () => {
    const other = await makePng({ width: 640, height: 480, seed: 777 });
    const body = (await lookup(other, 'other.png', 'image/png')).json<LookupResponse>();
    expect(body.exact).toEqual([]);
    expect(body.near).toEqual([]);
  });

  it('stores nothing: no file in the data folder and no upload row', async () => {
    const before = await storedState();
    await lookup(await sharp(original).jpeg({ quality: 60 }).toBuffer());
    await lookup(original, 'original.png', 'image/png');
    expect(await storedState()).toEqual(before);
  });

  it('refuses what uploads refuse, with the same status and message', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    for (const [data, name, type] of [
      [svg, 'x.svg', 'image/svg+xml'],
      [Buffer.from('not an image at all'), 'x.png', 'image/png'],
    ] as const) {
      const viaLookup = await lookup(data, name, type);
      const viaUpload = await t.app.inject({ method: 'POST', url: '/api/uploads', ...fileForm(data, name, type) });
      expect(viaLookup.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(viaLookup.statusCode, name).toBeLessThan(500);
      expect({ status: viaLookup.statusCode, body: viaLookup.json() }, name).toEqual({
        status: viaUpload.statusCode,
        body: viaUpload.json(),
      });
    }
    const json = await t.app.inject({ method: 'POST', url: '/api/lookup', payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });
});
