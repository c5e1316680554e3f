// How long the image pool has had nothing to process: what background link checks wait on
// (server/image/image-pool.ts, decision 0074).
import { afterAll, describe, expect, it } from 'vitest';
import { closeImagePool, imageWorkIdleForMs, processImageOffThread } from '../../../server/image';
import { makePng } from '../../fixtures/images';

const settings = { workers: 1, queueMax: 4, jobTimeoutMs: 20_000, perClient: 3 };

afterAll(async () => closeImagePool(settings));

describe('the image pool idle time', () => {
  it('is unbounded before any image, 0 while one is processed, and counts from the end of the last one', async () => {
    expect(imageWorkIdleForMs(settings)).toBe(Number.POSITIVE_INFINITY);
    const startedAt = performance.now();
    const processing = processImageOffThread(await makePng({ width: 64, height: 64 }), settings);
    expect(imageWorkIdleForMs(settings)).toBe(0);
    await processing;
    const justAfter = imageWorkIdleForMs(settings);
    // Counted from the job's end, not from the pool's start: less than the job itself took.
    expect(justAfter).toBeGreaterThanOrEqual(0);
    expect(justAfter).toBeLessThan(performance.now() - startedAt);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(imageWorkIdleForMs(settings)).toBeGreaterThanOrEqual(justAfter + 99);
  });
});
