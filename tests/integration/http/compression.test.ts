// HTTP compression: pages, JSON answers and built assets come back brotli- or gzip-encoded when
// the request accepts it and decode to the very bytes sent uncompressed; built assets are served
// from the copies made at build time with a year-long immutable cache; images and the event
// stream are never compressed; ETag revalidation still answers 304.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENTS_PATH } from '../../../core/api-types';
import { compressAll } from '../../../web/vite-precompress';
import { insertWork } from '../../helpers/factories';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { makePng } from '../../fixtures/images';

let t: TestApp;
let webDist: string;
const ASSET = '/assets/app-C0ffee42.js';
let assetSource = '';
let png: Buffer;

beforeAll(async () => {
  // A built web app in miniature: the shell, a hashed script and a hashed image, precompressed
  // by the same step the production build runs.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  const shell = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ledger</title>${'<meta name="x" content="filler for a realistic head">'.repeat(40)}<script type="module" src="${ASSET}"></script></head><body><div id="root"></div></body></html>`;
  fs.writeFileSync(path.join(webDist, 'index.html'), shell);
  assetSource = Array.from({ length: 400 }, (_, i) => `export function step${i}(value) { return value * ${i} + ${i % 7}; }\n`).join(
    '',
  );
  fs.writeFileSync(path.join(webDist, ASSET), assetSource);
  png = await makePng({ width: 200, height: 200, seed: 7 });
  fs.writeFileSync(path.join(webDist, 'assets/logo-Beef1234.png'), png);
  compressAll(webDist);
  t = await createTestApp({ config: { webDist } });
  for (let i = 0; i < 5; i++) await insertWork(t.deps.db, { title: `Compressed answer ${i}`, artist_name: 'Zip Painter' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

describe('response compression', () => {
  it('sends the home page as brotli to a browser that accepts it, decoding to the uncompressed page', async () => {
    const plain = await get('/');
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    // Only encodings the server does not make: the page as is, never an error.
    const other = await get('/', { 'accept-encoding': 'deflate, compress' });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-encoding']).toBeUndefined();
    expect(other.body).toBe(plain.body);
    const head = await t.app.inject({ method: 'HEAD', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
  });

  it('sends a JSON API answer as brotli or gzip as asked, with the same ETag, and answers 304 to it', async () => {
    const url = '/api/v1/ledger?limit=5';
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data).toHaveLength(5);
    const br = await get(url, { 'accept-encoding': 'br' });
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
    const revalidated = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it('sends a kept ledger page compressed once: the same bytes to every request, decoding to the uncompressed answer', async () => {
    const brotli = vi.spyOn(zlib, 'brotliCompress');
    const plain = await get('/api/ledger');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().items).toHaveLength(5);
    const first = await get('/api/ledger', { 'accept-encoding': 'gzip, deflate, br' });
    const second = await get('/api/ledger', { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(first.rawPayload).toString()).toBe(plain.body);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(brotli).toHaveBeenCalledTimes(1);
    brotli.mockRestore();
  });

  it('serves a hashed script from its build-time brotli or gzip copy, immutable for a year, and as is when no encoding is accepted', async () => {
    const br = await get(ASSET, { 'accept-encoding': 'gzip, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(fs.readFileSync(path.join(webDist, `${ASSET}.br`)))).toBe(true);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(assetSource);

    const gzip = await get(ASSET, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(assetSource);

    const plain = await get(ASSET);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(assetSource);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never compresses an image, already compressed', async () => {
    const res = await get('/assets/logo-Beef1234.png', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it('leaves the live event stream uncompressed, so each event reaches the browser at once', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: EVENTS_PATH, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        resolve(res.headers);
        req.destroy();
      });
      req.on('error', reject);
    });
    expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(headers['content-encoding']).toBeUndefined();
  });
});
