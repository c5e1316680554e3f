// Hostile images (issue 11): a `parameters` text that made the settings parser backtrack for
// minutes, a zTXt bomb that took gigabytes, and more images at once than the workers can take.
// Issue 34: one client sending many costly images holds only its share of the image queue.
// Each is answered quickly and cheaply, off the event loop, and the server keeps answering.
// Time and memory bounds are the issue's; each is far above what the work now needs and far
// below what it needed before (30 s for 150 KB of text, 1.5 GB for one bomb).
import type net from 'node:net';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../core/messages';
import { longParametersPng, manyChunksPng, MB, zTXtBombPng } from '../../fixtures/hostile-images';
import { makePng } from '../../fixtures/images';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { fileForm } from '../submissions/helpers';

let t: TestApp;

function post(app: TestApp['app'], url: '/api/uploads' | '/api/lookup', image: Buffer, remoteAddress?: string) {
  return app.inject({ method: 'POST', url, remoteAddress, ...fileForm(image) });
}

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await run();
  return { result, ms: performance.now() - start };
}

/**
 * POSTs the files at once from a worker thread and resolves with the statuses. The client's own
 * work (building 1.5 MB form bodies, sending them) then does not count against the server's
 * event loop, which this thread shares with the server under test.
 */
function uploadFromAnotherThread(url: string, files: Buffer[]): Promise<number[]> {
  const client = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    Promise.all(workerData.files.map(async (file) => {
      const form = new FormData();
      form.append('file', new Blob([file], { type: 'image/png' }), 'image.png');
      const res = await fetch(workerData.url, { method: 'POST', body: form });
      await res.arrayBuffer();
      return res.status;
    })).then((statuses) => parentPort.postMessage(statuses));`,
    { eval: true, workerData: { url, files: files.map((file) => new Uint8Array(file)) } },
  );
  return new Promise<number[]>((resolve, reject) => {
    client.once('message', resolve);
    client.once('error', reject);
  }).finally(() => client.terminate());
}

async function uploadCount(app: TestApp): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM uploads`.execute(app.deps.db);
  return Number(rows[0].n);
}

// These measure the server under many images at once, all sent by this one test client: the
// per-client share of the image queue (tested on its own below) is lifted for them.
const MANY_PER_CLIENT = { IMAGE_QUEUE_PER_CLIENT: '100' };

beforeAll(async () => {
  t = await createTestApp({ env: MANY_PER_CLIENT });
  // Start both image workers before anything is measured: a new worker first loads its code.
  const warmUp = await Promise.all(
    [1, 2].map(async (seed) => post(t.app, '/api/lookup', await makePng({ width: 64, height: 64, seed }))),
  );
  expect(warmUp.map((res) => res.statusCode)).toEqual([200, 200]);
});
afterAll(async () => {
  await t?.close();
});

describe('a PNG whose `parameters` text is one long run of letters', () => {
  it.each([
    ['150 KB', 150_000],
    ['1.5 MB', 1_500_000],
  ])('is accepted by POST /api/uploads within 1 s (%s), its text left unread', async (_size, length) => {
    const png = await longParametersPng(length);
    const { result: res, ms } = await timed(() => post(t.app, '/api/uploads', png));
    expect(res.statusCode).toBe(201);
    expect(res.json().metadata_found).toEqual([]);
    expect(ms).toBeLessThan(1000);
  });

  it.each([
    ['150 KB', 150_000],
    ['1.5 MB', 1_500_000],
  ])('is looked up by POST /api/lookup within 1 s (%s)', async (_size, length) => {
    const png = await longParametersPng(length);
    const { result: res, ms } = await timed(() => post(t.app, '/api/lookup', png));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ exact: expect.any(Array), near: expect.any(Array) });
    expect(ms).toBeLessThan(1000);
  });

  it('does not hold up /api/health: health checks answer within 100 ms while four such uploads are processed', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
    const pngs = await Promise.all([11, 12, 13, 14].map((seed) => longParametersPng(1_500_000, seed)));
    await (await fetch(`${base}/api/health`)).arrayBuffer(); // the health client's connection is open

    let uploading = true;
    const uploads = uploadFromAnotherThread(`${base}/api/uploads`, pngs).finally(() => (uploading = false));
    const healthMs: number[] = [];
    while (uploading) {
      const { result: health, ms } = await timed(() => fetch(`${base}/api/health`));
      expect(health.status).toBe(200);
      await health.arrayBuffer();
      healthMs.push(ms);
    }
    expect(await uploads).toEqual([201, 201, 201, 201]);
    // A blocked event loop would hold up every probe; a lone scheduler hiccup of this shared
    // 2-core machine holds up one. So: 95 % within 100 ms, and none held for a second.
    expect(healthMs.length).toBeGreaterThan(3);
    const sorted = [...healthMs].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length * 0.95)]).toBeLessThan(100);
    expect(sorted[sorted.length - 1]).toBeLessThan(1000);
  });
});

describe('the zTXt bomb: 64 compressed text chunks of 4 MB each in a 260 KB PNG', () => {
  /** Largest growth of this process's RSS (the app and its worker threads) while `run` goes on. */
  async function peakRssGrowthMb(run: () => Promise<unknown>): Promise<number> {
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    try {
      await run();
    } finally {
      clearInterval(sample);
    }
    return (Math.max(peak, process.memoryUsage().rss) - before) / MB;
  }

  it('is accepted with nothing read from its texts, raising the server RSS by less than 100 MB', async () => {
    const bomb = await zTXtBombPng();
    let status = 0;
    let found: unknown;
    const growth = await peakRssGrowthMb(async () => {
      const res = await post(t.app, '/api/uploads', bomb);
      status = res.statusCode;
      found = res.json().metadata_found;
    });
    expect(status).toBe(201);
    expect(found).toEqual([]);
    expect(growth).toBeLessThan(100);
  });

  it('six at once raise the server RSS by less than 400 MB', async () => {
    const bombs = await Promise.all([21, 22, 23, 24, 25, 26].map((seed) => zTXtBombPng(seed)));
    let statuses: number[] = [];
    const growth = await peakRssGrowthMb(async () => {
      statuses = (await Promise.all(bombs.map((bomb) => post(t.app, '/api/uploads', bomb)))).map((res) => res.statusCode);
    });
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201]);
    expect(growth).toBeLessThan(400);
  });
});

describe('more images than the workers and their queue can take', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ env: { IMAGE_WORKERS: '1', IMAGE_QUEUE_MAX: '1', ...MANY_PER_CLIENT } });
  });
  afterAll(async () => {
    await small?.close();
  });

  it('answers all but one running and one waiting with 503, Retry-After and a busy message, storing nothing for them', async () => {
    const image = await makePng({ width: 480, height: 320, seed: 31 });
    // Four uploads and four lookups at once; the pool's one worker is still starting up.
    const responses = await Promise.all([
      ...Array.from({ length: 4 }, () => post(small.app, '/api/uploads', image)),
      ...Array.from({ length: 4 }, () => post(small.app, '/api/lookup', image)),
    ]);
    const busy = responses.filter((res) => res.statusCode === 503);
    expect(responses.filter((res) => res.statusCode === 201 || res.statusCode === 200)).toHaveLength(2);
    expect(busy).toHaveLength(6);
    for (const res of busy) {
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        error: { code: 'busy', message: MESSAGES.imageServerBusy.description, title: MESSAGES.imageServerBusy.title },
      });
    }
    // At most two of the eight got through, so both routes refused at least two.
    const refused = (some: typeof responses) => some.filter((res) => res.statusCode === 503).length;
    expect(refused(responses.slice(0, 4))).toBeGreaterThanOrEqual(2);
    expect(refused(responses.slice(4))).toBeGreaterThanOrEqual(2);
    expect(await uploadCount(small)).toBe(responses.filter((res) => res.statusCode === 201).length);
  });
});

describe('one client sending many images at once', () => {
  const HOSTILE = '203.0.113.7';
  const HONEST = '198.51.100.2';
  let fair: TestApp;
  beforeAll(async () => {
    fair = await createTestApp({ env: { IMAGE_WORKERS: '1' } });
  });
  afterAll(async () => {
    await fair?.close();
  });

  it('holds three places of the queue: its other images get 429 with Retry-After, another client still gets a place', async () => {
    expect(fair.deps.config.imageProcessing).toMatchObject({ workers: 1, queueMax: 16, perClient: 3 });
    const image = await makePng({ width: 480, height: 320, seed: 51 });
    // The pool's one worker is still starting up: all nine reach the queue before any is done.
    const responses = await Promise.all([
      ...Array.from({ length: 8 }, () => post(fair.app, '/api/lookup', image, HOSTILE)),
      post(fair.app, '/api/lookup', image, HONEST),
    ]);
    const statuses = responses.map((res) => res.statusCode);
    expect(statuses.slice(0, 8).sort()).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    expect(statuses[8]).toBe(200);
    for (const res of responses.filter((r) => r.statusCode === 429)) {
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        error: {
          code: 'too_many_images',
          message: MESSAGES.tooManyImagesAtOnce.description,
          title: MESSAGES.tooManyImagesAtOnce.title,
        },
      });
    }
  });

  it('eighteen 9 MB PNGs of 600,000 text chunks: an honest upload from another client is answered within 2 s, none of them stored', async () => {
    const hostile = await manyChunksPng(600_000, 52);
    const honest = await makePng({ width: 96, height: 96, seed: 53 });
    // The worker is up (it starts with the pool's first job): the measure is of the queue.
    expect((await post(fair.app, '/api/lookup', honest, HONEST)).statusCode).toBe(200);
    const attack = Promise.all(Array.from({ length: 18 }, () => post(fair.app, '/api/uploads', hostile, HOSTILE)));
    const { result: res, ms } = await timed(() => post(fair.app, '/api/uploads', honest, HONEST));
    expect(res.statusCode).toBe(201);
    expect(ms).toBeLessThan(2_000);
    // Each is refused for its chunks, or at once for its client's share; nothing of them is kept.
    const codes = new Set((await attack).map((r) => `${r.statusCode} ${r.json().error.code}`));
    expect([...codes].filter((code) => code !== '422 image_too_many_chunks' && code !== '429 too_many_images')).toEqual([]);
    expect(await uploadCount(fair)).toBe(1);
  });
});

describe('an image whose processing passes the time limit', () => {
  let strict: TestApp;
  beforeAll(async () => {
    // One millisecond from the moment a worker takes the job: no image is processed that fast.
    strict = await createTestApp({ env: { IMAGE_JOB_TIMEOUT_MS: '1' } });
  });
  afterAll(async () => {
    await strict?.close();
  });

  it("is refused with 422 'Could not process image', and nothing is stored", async () => {
    const res = await post(strict.app, '/api/uploads', await makePng({ width: 1600, height: 1200, seed: 41 }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: { code: 'image_not_processed', message: MESSAGES.imageNotProcessed.description, title: MESSAGES.imageNotProcessed.title },
    });
    expect(await uploadCount(strict)).toBe(0);
  });
});
