// Background work that only has to happen soon (a link check) waits while the server is busy
// with what people are waiting for (registrations: their images), and starts once that has been
// quiet for a moment (decision 0074). The wait is bounded from when the work was queued, so a
// server that never goes quiet still does the work, late by at most that bound.
import { setTimeout as sleep } from 'node:timers/promises';

export interface QuietWait {
  /** How long the foreground must have been idle. */
  quietMs: number;
  /** The longest the work waits after it was queued. */
  maxWaitMs: number;
  /** How often to look again. */
  pollMs: number;
}

export interface QuietClock {
  now(): number;
  sleep(ms: number): Promise<unknown>;
}

const realClock: QuietClock = { now: () => Date.now(), sleep };

/**
 * Resolves once `idleForMs()` (milliseconds the foreground has been idle) reaches `quietMs`
 * ('quiet'), or once `maxWaitMs` have passed since `queuedAt` ('overdue'), whichever comes first.
 */
export async function waitForQuiet(
  idleForMs: () => number,
  queuedAt: Date,
  wait: QuietWait,
  clock: QuietClock = realClock,
): Promise<'quiet' | 'overdue'> {
  const deadline = queuedAt.getTime() + wait.maxWaitMs;
  for (;;) {
    const idle = idleForMs();
    if (idle >= wait.quietMs) return 'quiet';
    const left = deadline - clock.now();
    if (left <= 0) return 'overdue';
    // When idle, only the rest of the quiet period needs waiting for.
    await clock.sleep(Math.min(left, idle > 0 ? wait.quietMs - idle : wait.pollMs));
  }
}
