// CompressedForms: a kept text answer is compressed once per encoding and the same bytes serve
// every request after; the encoding follows the request's Accept-Encoding (q-values included).
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptedEncoding, CompressedForms, sendCompressed } from '../../../server/http/compressed-forms';

const page = JSON.stringify({ items: Array.from({ length: 40 }, (_, i) => ({ title: `Work ${i}`, artist: 'Painter' })) });

afterEach(() => vi.restoreAllMocks());

const requestWith = (headers: Record<string, string>) => ({ headers }) as unknown as Parameters<typeof acceptedEncoding>[0];

describe('CompressedForms', () => {
  it('compresses a text once per encoding and hands the same bytes to every later request', async () => {
    const brotli = vi.spyOn(zlib, 'brotliCompress');
    const forms = new CompressedForms(page);
    const first = await forms.in('br');
    const second = await forms.in('br');
    expect(second).toBe(first);
    expect(brotli).toHaveBeenCalledTimes(1);
    expect(zlib.brotliDecompressSync(first).toString()).toBe(page);
    expect(zlib.gunzipSync(await forms.in('gzip')).toString()).toBe(page);
  });

  it('tells the size of each compressed form once, when it is made', async () => {
    const told: number[] = [];
    const forms = new CompressedForms(page, (bytes) => told.push(bytes));
    const gzip = await forms.in('gzip');
    await forms.in('gzip');
    const brotli = await forms.in('br');
    expect(told).toEqual([gzip.length, brotli.length]);
  });

  it('leaves a text under 1 KB uncompressed', () => {
    expect(new CompressedForms('{"items":[]}').compressible).toBe(false);
    expect(new CompressedForms(page).compressible).toBe(true);
  });

  it("picks the encoding the request prefers among brotli and gzip, and none for 'identity' or a refused one", () => {
    expect(acceptedEncoding(requestWith({ 'accept-encoding': 'gzip, deflate, br' }))).toBe('br');
    expect(acceptedEncoding(requestWith({ 'accept-encoding': 'br;q=0, gzip' }))).toBe('gzip');
    expect(acceptedEncoding(requestWith({ 'accept-encoding': 'identity' }))).toBeUndefined();
    expect(acceptedEncoding(requestWith({ 'accept-encoding': 'deflate' }))).toBeUndefined();
    expect(acceptedEncoding(requestWith({}))).toBeUndefined();
    expect(acceptedEncoding(requestWith({ 'accept-encoding': 'br', 'x-no-compression': '1' }))).toBeUndefined();
  });

  it('adds Accept-Encoding to a Vary header another plugin has set, once', async () => {
    const app = Fastify();
    const forms = new CompressedForms(page);
    app.get('/', (request, reply) => sendCompressed(request, reply.header('Vary', 'Origin').type('application/json'), forms));
    app.get('/twice', (request, reply) =>
      sendCompressed(request, reply.header('Vary', 'accept-encoding').type('application/json'), forms),
    );
    // No Accept-Encoding here: the test below counts which encodings were asked for.
    expect((await app.inject({ method: 'GET', url: '/' })).headers.vary).toBe('Origin, Accept-Encoding');
    expect((await app.inject({ method: 'GET', url: '/twice' })).headers.vary).toBe('accept-encoding');
    await app.close();
  });

  it('makes ahead, for a rebuilt answer, only the encodings visitors have asked for lately', async () => {
    const app = Fastify();
    const served = new CompressedForms(page);
    app.get('/', (request, reply) => sendCompressed(request, reply.type('application/json'), served));
    const res = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(page);
    await app.close();

    const gzip = vi.spyOn(zlib, 'gzip');
    const brotli = vi.spyOn(zlib, 'brotliCompress');
    const rebuilt = new CompressedForms(`${page} `);
    rebuilt.prepareAskedForms();
    expect(gzip).toHaveBeenCalledTimes(1);
    expect(brotli).toHaveBeenCalledTimes(0);
    // Ten seconds after the last request that asked for gzip, nothing is made ahead.
    new CompressedForms(`${page}  `).prepareAskedForms(performance.now() + 10_001);
    expect(gzip).toHaveBeenCalledTimes(1);
  });
});
