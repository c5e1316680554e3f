import { PassThrough } from 'node:stream';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';
import { notify } from '../../../server/db/database';
import { WORK_REGISTERED_EVENT } from '../../../core/api-types';
import { createSseHub, WORK_REGISTERED_CHANNEL } from '../../../server/realtime/sse-hub';

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
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out waiting for ${piece}; got ${JSON.stringify(text)}`)), deadline - Date.now())),
        ]);
        if (chunk.done) throw new Error(`stream ended; got ${JSON.stringify(text)}`);
        text += chunk.value;
      }
      return text;
    },
    close: () => controller.abort(),
  };
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
    expect(text).toBe(`retry: 5000\n: connected\n\nevent: ${WORK_REGISTERED_EVENT}\ndata: {"id":"${visible.id}","trust_meter":70}\n\n`);
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
});

describe('SSE hub', () => {
  it('sends heartbeat comments while a client is connected and forgets the client when it disconnects', async () => {
    const hub = createSseHub({ database: t.deps.database, db: t.deps.db, heartbeatMs: 20 });
    await hub.start();
    const client = new PassThrough();
    let written = '';
    client.on('data', (chunk: Buffer) => (written += chunk.toString('utf8')));
    hub.addClient(client as unknown as ServerResponse);
    expect(hub.clientCount()).toBe(1);
    await vi.waitFor(() => expect(written).toContain(': heartbeat\n\n: heartbeat\n\n'), { timeout: 3000, interval: 10 });
    expect(written.startsWith('retry: 5000\n: connected\n\n: heartbeat\n\n')).toBe(true);
    client.destroy();
    await vi.waitFor(() => expect(hub.clientCount()).toBe(0), { timeout: 1000, interval: 5 });
    await hub.close();
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
