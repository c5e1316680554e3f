// A link check waits for a quiet moment in the registrations, at most a bounded time after it was
// queued (server/jobs/wait-for-quiet.ts, decision 0074). A fake clock: each sleep moves it on.
import { describe, expect, it } from 'vitest';
import { waitForQuiet, type QuietClock } from '../../../server/jobs/wait-for-quiet';

const WAIT = { quietMs: 1_000, maxWaitMs: 120_000, pollMs: 200 };

/** A clock starting at `start` ms, and the registrations' history: busy until `busyUntil` (ms). */
function scene(start: number, busyUntil: number) {
  let now = start;
  const slept: number[] = [];
  const clock: QuietClock = {
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
  const idleForMs = () => Math.max(0, now - busyUntil);
  return { clock, idleForMs, slept, elapsed: () => now - start };
}

describe('waiting for quiet registrations', () => {
  it('starts at once when no image was processed for the quiet period', async () => {
    const s = scene(10_000, 5_000);
    expect(await waitForQuiet(s.idleForMs, new Date(10_000), WAIT, s.clock)).toBe('quiet');
    expect(s.slept).toEqual([]);
  });

  it('waits while images are processed, then for the rest of the quiet period', async () => {
    const s = scene(0, 1_000);
    expect(await waitForQuiet(s.idleForMs, new Date(0), WAIT, s.clock)).toBe('quiet');
    // Five polls while busy (0 to 1,000 ms), then idle 0 ms at 1,000: one more poll, then the rest.
    expect(s.slept).toEqual([200, 200, 200, 200, 200, 200, 800]);
    expect(s.elapsed()).toBe(2_000);
  });

  it('gives up waiting two minutes after it was queued, however busy the server stays', async () => {
    const s = scene(30_000, Number.POSITIVE_INFINITY);
    expect(await waitForQuiet(s.idleForMs, new Date(0), WAIT, s.clock)).toBe('overdue');
    expect(s.clock.now()).toBe(120_000);
  });

  it('does not wait at all for a job queued longer ago than the bound', async () => {
    const s = scene(500_000, Number.POSITIVE_INFINITY);
    expect(await waitForQuiet(s.idleForMs, new Date(0), WAIT, s.clock)).toBe('overdue');
    expect(s.slept).toEqual([]);
  });
});
