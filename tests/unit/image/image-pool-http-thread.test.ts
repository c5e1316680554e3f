// While the HTTP thread is saturated the image pool runs half its workers, never fewer than one
// (server/image/image-pool.ts, decision 0080): registrations go on, the reads keep their share.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeImagePool, observeImagePool, processImageOffThread } from '../../../server/image';
import { HTTP_THREAD_SAMPLE_MS } from '../../../server/image/http-thread-load';
import { makePng } from '../../fixtures/images';

const settings = { workers: 2, queueMax: 8, jobTimeoutMs: 30_000, perClient: 8 };
const load = observeImagePool(settings, { waited: () => undefined, ran: () => undefined, refused: () => undefined });
let pngs: Buffer[];

/** Keeps this thread's event loop working for `ms`, as a saturating read load would. */
function work(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}
const idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  pngs = await Promise.all([1, 2, 3, 4].map((seed) => makePng({ width: 256, height: 256, seed })));
  // Both workers started (a new worker first loads its code).
  await Promise.all(pngs.slice(0, 2).map((png) => processImageOffThread(png, settings)));
});
afterAll(async () => closeImagePool(settings));

describe('the image pool beside a saturated HTTP thread', () => {
  it('runs every worker while the HTTP thread has time', async () => {
    await idle(HTTP_THREAD_SAMPLE_MS * 2);
    const jobs = pngs.slice(0, 2).map((png) => processImageOffThread(png, settings));
    expect(load()).toMatchObject({ running: 2, waiting: 0 });
    await Promise.all(jobs);
  });

  it('runs one job at a time while the HTTP thread is saturated, then every worker again once it is not', async () => {
    await idle(HTTP_THREAD_SAMPLE_MS * 2);
    // Two stretches of work: the sample taken after the first may still count some of the idle
    // time before it; the one after the second counts work only.
    work(HTTP_THREAD_SAMPLE_MS * 1.2);
    await idle(0);
    work(HTTP_THREAD_SAMPLE_MS * 1.2);
    await idle(0); // the sample due meanwhile runs first
    const jobs = pngs.map((png) => processImageOffThread(png, settings));
    expect(load()).toMatchObject({ running: 1, waiting: 3 });
    const images = await Promise.all(jobs);
    expect(new Set(images.map((image) => image.sha256)).size).toBe(4);
    await idle(HTTP_THREAD_SAMPLE_MS * 2);
    const after = pngs.slice(0, 2).map((png) => processImageOffThread(png, settings));
    expect(load()).toMatchObject({ running: 2, waiting: 0 });
    await Promise.all(after);
  });
});
