// The HTTP thread's load as the image pool reads it (server/image/http-thread-load.ts, decision 0080).
import { afterEach, describe, expect, it } from 'vitest';
import { watchHttpThreadLoad, type HttpThreadLoad } from '../../../server/image/http-thread-load';

/** Keeps this thread's event loop working for `ms`, as a saturating read load would. */
function work(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}
const idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let watch: HttpThreadLoad | undefined;
afterEach(() => watch?.stop());

describe('watchHttpThreadLoad', () => {
  it('turns busy once the event loop has worked through a sample, and idle again after an idle one', async () => {
    const changes: boolean[] = [];
    watch = watchHttpThreadLoad((busy) => changes.push(busy), { sampleMs: 100, threshold: 0.9 });
    expect(watch.busy).toBe(false);
    work(250);
    await idle(0); // the sample due meanwhile runs first
    expect(watch.busy).toBe(true);
    expect(changes).toEqual([true]);
    await idle(250);
    expect(watch.busy).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('stays idle while the event loop mostly waits', async () => {
    const changes: boolean[] = [];
    watch = watchHttpThreadLoad((busy) => changes.push(busy), { sampleMs: 50, threshold: 0.9 });
    for (let i = 0; i < 5; i++) {
      work(5);
      await idle(40);
    }
    expect(watch.busy).toBe(false);
    expect(changes).toEqual([]);
  });
});
