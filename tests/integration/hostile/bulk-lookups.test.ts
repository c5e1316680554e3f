// Bulk lookups cost what they weigh (issue 34): ten clients sending 10,000 perceptual hashes each
// at max_distance 4 do not hold up /api/health or a static file; a client's hashes count against
// its per-minute budget, so its eleventh full batch in a minute is refused; one client runs one
// bulk lookup at a time, and a refused lookup spends nothing.
import type net from 'node:net';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOKUP_BATCH } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import { createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
const FINGERPRINTS = 20_000;

/** `count` distinct hex hashes of `digits` digits, from a seed (a simple LCG: repeatable). */
function hashes(count: number, digits: 16 | 64, seed: number): string[] {
  let state = seed >>> 0;
  const digit = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state >>> 28).toString(16);
  };
  return Array.from({ length: count }, () => Array.from({ length: digits }, digit).join(''));
}

function lookup(body: unknown, remoteAddress: string) {
  return t.app.inject({ method: 'POST', url: '/api/lookup/batch', payload: body as object, remoteAddress });
}

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await run();
  return { result, ms: performance.now() - start };
}

/**
 * Ten clients (ten loopback addresses) each POST one bulk lookup from a worker thread, so building
 * and sending the bodies does not load this thread's event loop. Resolves with the statuses.
 */
function burstFromAnotherThread(url: string, bodies: string[]): Promise<number[]> {
  const client = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    const http = require('node:http');
    const send = (body, i) => new Promise((resolve, reject) => {
      const req = http.request(workerData.url, {
        method: 'POST', localAddress: '127.0.0.' + (i + 10), headers: { 'content-type': 'application/json' },
      }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode)); });
      req.on('error', reject);
      req.end(body);
    });
    Promise.all(workerData.bodies.map(send)).then((statuses) => parentPort.postMessage(statuses));`,
    { eval: true, workerData: { url, bodies } },
  );
  return new Promise<number[]>((resolve, reject) => {
    client.once('message', resolve);
    client.once('error', reject);
  }).finally(() => client.terminate());
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_DISABLED: '0' } });
  // Fingerprints for the probes to find: the band indexes hold real rows, as in a live registry.
  // Fingerprint-only rows (no work) are never answered, so the link to works is dropped here.
  await sql`ALTER TABLE image_fingerprints DROP CONSTRAINT image_fingerprints_submission_id_fkey`.execute(t.deps.db);
  await sql`
    INSERT INTO image_fingerprints (submission_id, phash)
    SELECT gen_random_uuid(), (floor(random() * 4294967296)::bigint << 32) | floor(random() * 4294967296)::bigint
    FROM generate_series(1, ${FINGERPRINTS}::int)`.execute(t.deps.db);
  await sql`ANALYZE image_fingerprints`.execute(t.deps.db);
  // The first bulk lookup compiles its code paths; the burst below measures a warm server.
  const warmUp = await lookup({ hashes: hashes(LOOKUP_BATCH.maxHashes, 16, 1), max_distance: 4 }, '192.0.2.1');
  expect(warmUp.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('ten parallel bulk lookups of 10,000 perceptual hashes at max_distance 4', () => {
  // Two run at once (the process's places), each a slice of statements with a turn of the event
  // loop between them; the others are refused at once. What a health check can wait for is one
  // slice of each running lookup (on the embedded database, statements queue on one connection).
  it('leave /api/health and /favicon.svg answering within 100 ms (p95) while they run', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
    const favicon = await fetch(`${base}/favicon.svg`);
    expect(favicon.status).toBe(200);
    await favicon.arrayBuffer();

    const bodies = Array.from({ length: 10 }, (_, i) =>
      JSON.stringify({ hashes: hashes(LOOKUP_BATCH.maxHashes, 16, 100 + i), max_distance: 4 }),
    );
    let running = true;
    const burst = burstFromAnotherThread(`${base}/api/lookup/batch`, bodies).finally(() => (running = false));
    const waits: number[] = [];
    while (running) {
      for (const url of ['/api/health', '/favicon.svg']) {
        const { result: res, ms } = await timed(() => fetch(`${base}${url}`));
        expect(res.status).toBe(200);
        await res.arrayBuffer();
        waits.push(ms);
      }
    }
    // A few run at once (the process's places); the others are told at once that it is busy.
    const statuses = await burst;
    expect([...statuses].sort()).toEqual([
      ...Array<number>(LOOKUP_BATCH.runningPerProcess).fill(200),
      ...Array<number>(10 - LOOKUP_BATCH.runningPerProcess).fill(503),
    ]);
    expect(waits.length).toBeGreaterThan(10);
    const sorted = [...waits].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length * 0.95)]).toBeLessThan(100);
  });
});

describe('the hash budgets of one client', () => {
  it('refuses the eleventh full batch in a minute with 429, Retry-After and exact RateLimit-* headers', async () => {
    const address = '203.0.113.21';
    for (let i = 0; i < 10; i++) {
      const res = await lookup({ hashes: hashes(LOOKUP_BATCH.maxHashes, 64, 500 + i) }, address);
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe(String(LOOKUP_BATCH.hashesPerMinute));
      expect(res.headers['ratelimit-remaining']).toBe(String(LOOKUP_BATCH.hashesPerMinute - (i + 1) * LOOKUP_BATCH.maxHashes));
    }
    const refused = await lookup({ hashes: hashes(1, 64, 999) }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'rate_limited',
      title: MESSAGES.lookupBatchOverBudget.title,
      message: MESSAGES.lookupBatchOverBudget.description,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    // Another address still has its whole budget.
    const other = await lookup({ hashes: hashes(3, 64, 999) }, '203.0.113.22');
    expect(other.statusCode).toBe(200);
    expect(other.headers['ratelimit-remaining']).toBe(String(LOOKUP_BATCH.hashesPerMinute - 3));
  });

  it('runs one bulk lookup per client at a time: a second one at once is 429 with Retry-After, and spends nothing', async () => {
    const address = '203.0.113.31';
    const [a, b] = await Promise.all([
      lookup({ hashes: hashes(LOOKUP_BATCH.maxHashes, 64, 700) }, address),
      lookup({ hashes: hashes(LOOKUP_BATCH.maxHashes, 64, 701) }, address),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 429]);
    const refused = a.statusCode === 429 ? a : b;
    expect(refused.headers['retry-after']).toBe(String(LOOKUP_BATCH.retryAfterSeconds));
    expect(refused.json().error).toEqual({
      code: 'rate_limited',
      title: MESSAGES.lookupBatchRunning.title,
      message: MESSAGES.lookupBatchRunning.description,
    });
    // Only the lookup that ran was counted.
    const next = await lookup({ hashes: hashes(1, 64, 702) }, address);
    expect(next.statusCode).toBe(200);
    expect(next.headers['ratelimit-remaining']).toBe(String(LOOKUP_BATCH.hashesPerMinute - LOOKUP_BATCH.maxHashes - 1));
  });

  it('spends nothing on a body refused with 400', async () => {
    const address = '203.0.113.41';
    const bad = await lookup({ hashes: [...hashes(5, 64, 800), 'not-a-hash'] }, address);
    expect(bad.statusCode).toBe(400);
    const next = await lookup({ hashes: hashes(2, 64, 801) }, address);
    expect(next.headers['ratelimit-remaining']).toBe(String(LOOKUP_BATCH.hashesPerMinute - 2));
  });
});
