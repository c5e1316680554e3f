import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';
import { registerWork } from '../submissions/helpers';
import { notify } from '../../../server/db/database';
import { WORK_REGISTERED_EVENT } from '../../../core/api-types';
import { createSseHub } from '../../../server/realtime/sse-hub';
import { WORK_REGISTERED_CHANNEL } from '../../../server/works/registration';

let t: TestApp;
let baseUrl = '';

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await t.close();
});

/** Reads an event stream as text, waiting for a given piece of text to arrive. */
async function openStream() {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/events`, { signal: controller.signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  return {
    res,
    get text() {
      return text;
    },
    async waitFor(piece: string, timeoutMs = 5000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (!text.includes(piece)) {
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error(`timed out waiting for ${piece}; got ${JSON.stringify(text)}`)), deadline - Date.now()),
          ),
        ]);
        if (chunk.done) throw new Error(`stream ended; got ${JSON.stringify(text)}`);
        text += chunk.value;
      }
      return text;
    },
    close: () => controller.abort(),
  };
}

interface RawEvents {
  status: number;
  headers: IncomingHttpHeaders;
  /** The whole body of a refusal; the first comment of an open stream. */
  text: string;
  close(): void;
}

/**
 * GET /api/events over its own socket (no keep-alive agent), optionally as another client
 * address via X-Forwarded-For. Resolves once a stream is live (': connected') or a refusal ended.
 */
function openRawStream(port: number, forwardedFor?: string): Promise<RawEvents> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {};
    const req = http.get({ host: '127.0.0.1', port, path: '/api/events', agent: false, headers }, (res) => {
      res.setEncoding('utf8');
      res.on('error', () => undefined); // closing an open stream from this side resets it
      let text = '';
      const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, close: () => req.destroy() });
      res.on('data', (chunk: string) => {
        text += chunk;
        if (res.statusCode === 200 && text.includes(': connected\n\n')) done();
      });
      res.on('end', done);
    });
    req.on('error', reject);
  });
}

async function listenOnPort(app: TestApp): Promise<number> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return (app.app.server.address() as AddressInfo).port;
}

const payload = (id: string, trust: number, isPublic: boolean) => JSON.stringify({ id, trust_meter: trust, is_public: isPublic });

describe('GET /api/events', () => {
  it('forwards a registered public work as a work-registered event, and nothing for private or deleted works', async () => {
    const db = t.deps.db;
    const hidden = await insertWork(db, { title: 'Private', is_public: false, trust_meter: 90 });
    const deleted = await insertWork(db, { title: 'Deleted', deleted_at: new Date(), trust_meter: 90 });
    const visible = await insertWork(db, { title: 'Public', trust_meter: 70 });

    const stream = await openStream();
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.res.headers.get('cache-control')).toBe('no-cache, no-transform');
    await stream.waitFor(': connected\n\n');

    await notify(db, WORK_REGISTERED_CHANNEL, payload(hidden.id, 90, false));
    // A payload claiming 'public' for a deleted work: the public view has the last word.
    await notify(db, WORK_REGISTERED_CHANNEL, payload(deleted.id, 90, true));
    await notify(db, WORK_REGISTERED_CHANNEL, 'not json');
    await notify(db, WORK_REGISTERED_CHANNEL, payload(visible.id, 70, true));

    const text = await stream.waitFor(`"trust_meter":70}\n\n`);
    expect(text).toBe(
      `retry: 5000\n: connected\n\nevent: ${WORK_REGISTERED_EVENT}\ndata: {"id":"${visible.id}","trust_meter":70}\n\n`,
    );
    stream.close();
  });

  it('sends each event to every connected client, and keeps serving after one leaves', async () => {
    const db = t.deps.db;
    const a = await openStream();
    const b = await openStream();
    await a.waitFor(': connected');
    await b.waitFor(': connected');
    const first = await insertWork(db, { trust_meter: 64 });
    await notify(db, WORK_REGISTERED_CHANNEL, payload(first.id, 64, true));
    const frame = `event: work-registered\ndata: {"id":"${first.id}","trust_meter":64}\n\n`;
    expect(await a.waitFor(frame)).toContain(frame);
    expect(await b.waitFor(frame)).toContain(frame);

    a.close();
    const second = await insertWork(db, { trust_meter: 88 });
    await notify(db, WORK_REGISTERED_CHANNEL, payload(second.id, 88, true));
    expect(await b.waitFor(`"id":"${second.id}","trust_meter":88}`)).toContain(second.id);
    b.close();
  });

  it('announces a work registered through POST /api/submissions, with the score it was given', async () => {
    const stream = await openStream();
    await stream.waitFor(': connected');
    const { created } = await registerWork(t.app, { title: 'Announced at commit' });
    const frame = `event: ${WORK_REGISTERED_EVENT}\ndata: {"id":"${created.id}","trust_meter":${created.trust_meter}}\n\n`;
    expect(await stream.waitFor(frame)).toContain(frame);
    stream.close();
  });
});

describe('GET /api/events: open streams per client address', () => {
  const TOO_MANY = {
    error: {
      code: 'too_many_connections',
      message:
        'Your address already has the most live-update connections allowed open at once. Close another tab of this site, or try again later.',
      title: 'Too many live connections',
    },
  };
  let proxied: TestApp;
  let port = 0;
  const open: RawEvents[] = [];

  beforeAll(async () => {
    // Behind a trusted proxy, X-Forwarded-For names the client: one test client, many addresses.
    proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    port = await listenOnPort(proxied);
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await proxied.close();
  });

  async function openFrom(address: string): Promise<RawEvents> {
    const stream = await openRawStream(port, address);
    open.push(stream);
    return stream;
  }

  it('refuses an 11th open stream from one address with 429, Retry-After and a JSON error; other addresses still connect', async () => {
    const streams = [];
    for (let i = 0; i < 10; i++) streams.push(await openFrom('198.51.100.7'));
    expect(streams.map((s) => s.status)).toEqual(Array(10).fill(200));

    const refused = await openFrom('198.51.100.7');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(refused.text)).toEqual(TOO_MANY);

    const neighbour = await openFrom('198.51.100.8');
    expect(neighbour.status).toBe(200);
    expect(neighbour.text).toBe('retry: 5000\n: connected\n\n');
  });

  it('gives the place back when a stream closes, so the address can connect again', async () => {
    const streams = [];
    for (let i = 0; i < 10; i++) streams.push(await openFrom('203.0.113.20'));
    expect((await openFrom('203.0.113.20')).status).toBe(429);

    streams[0].close();
    // The server learns of the closed socket a moment later; until then the answer is still 429.
    await vi.waitFor(async () => expect((await openFrom('203.0.113.20')).status).toBe(200), { timeout: 10_000, interval: 50 });
    expect((await openFrom('203.0.113.20')).status).toBe(429);
  });

  it('takes its cap from SSE_MAX_PER_IP, and without TRUST_PROXY counts the socket address', async () => {
    const tight = await createTestApp({ env: { SSE_MAX_PER_IP: '2' } });
    try {
      const tightPort = await listenOnPort(tight);
      const streams = [await openRawStream(tightPort), await openRawStream(tightPort, '198.51.100.99')];
      expect(streams.map((s) => s.status)).toEqual([200, 200]);
      // X-Forwarded-For is not trusted here: this is the same client (127.0.0.1) a third time.
      const refused = await openRawStream(tightPort, '198.51.100.100');
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.text)).toEqual(TOO_MANY);
      for (const stream of streams) stream.close();
    } finally {
      await tight.close();
    }
  });
});

describe('SSE hub', () => {
  it('sends heartbeat comments while a client is connected and forgets the client when it disconnects', async () => {
    const hub = createSseHub({ database: t.deps.database, db: t.deps.db, heartbeatMs: 20 });
    await hub.start();
    const client = new PassThrough();
    let written = '';
    client.on('data', (chunk: Buffer) => (written += chunk.toString('utf8')));
    const admission = hub.admit('192.0.2.1');
    if (!admission.admitted) throw new Error('not admitted');
    admission.slot.attach(client as unknown as ServerResponse);
    expect(hub.clientCount()).toBe(1);
    await vi.waitFor(() => expect(written).toContain(': heartbeat\n\n: heartbeat\n\n'), { timeout: 3000, interval: 10 });
    expect(written.startsWith('retry: 5000\n: connected\n\n: heartbeat\n\n')).toBe(true);
    client.destroy();
    await vi.waitFor(() => expect(hub.clientCount()).toBe(0), { timeout: 1000, interval: 5 });
    expect(hub.addressCount('192.0.2.1')).toBe(0);
    await hub.close();
  });

  it('counts a place from admission, so parallel requests cannot pass the caps before they stream', () => {
    const hub = createSseHub({ database: t.deps.database, db: t.deps.db, maxClients: 3, maxPerAddress: 2 });
    const first = hub.admit('192.0.2.1');
    expect(first.admitted).toBe(true);
    expect(hub.admit('192.0.2.1').admitted).toBe(true);
    expect(hub.admit('192.0.2.1')).toEqual({ admitted: false, reason: 'address_full' });
    expect(hub.admit('192.0.2.2').admitted).toBe(true);
    // The global cap still holds, whatever the address.
    expect(hub.admit('192.0.2.3')).toEqual({ admitted: false, reason: 'server_full' });

    // A request that fails before streaming gives its place back, once.
    if (!first.admitted) throw new Error('not admitted');
    first.slot.release();
    first.slot.release();
    expect(hub.clientCount()).toBe(2);
    expect(hub.addressCount('192.0.2.1')).toBe(1);
    expect(hub.admit('192.0.2.1').admitted).toBe(true);
  });

  it('frees the place of a client that left before its stream was attached', () => {
    const hub = createSseHub({ database: t.deps.database, db: t.deps.db, maxPerAddress: 1 });
    const admission = hub.admit('192.0.2.1');
    if (!admission.admitted) throw new Error('not admitted');
    const gone = new PassThrough();
    gone.destroy();
    admission.slot.attach(gone as unknown as ServerResponse);
    expect(hub.clientCount()).toBe(0);
    expect(hub.admit('192.0.2.1').admitted).toBe(true);
  });

  it('ends open streams when the app closes, so shutdown does not hang', async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const address = other.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const res = await fetch(`http://127.0.0.1:${address.port}/api/events`);
    const reader = res.body!.getReader();
    await reader.read();
    // Without ending the open stream first, close() would wait for the client for ever.
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(20_000);
    expect((await reader.read()).done).toBe(true);
  });
});
