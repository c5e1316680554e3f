// What registrations get when the HTTP thread has room: the write pacer's yardstick for their share
// while reads saturate it (decision 0083). Registration steps finished are counted over windows of
// at least a second; a window in which any sample found the thread saturated is not a quiet one
// and is dropped. The best quiet window of the last ten minutes is the registrations' quiet rate:
// the best, not the latest, because a quiet second with few artists registering says nothing of
// what many would get.

/** How long a window of counted steps lasts at least. */
export const RATE_WINDOW_MS = 1000;
/** How long a quiet window is remembered. */
export const QUIET_RATE_MEMORY_MS = 10 * 60_000;

interface QuietWindow {
  endedAt: number;
  stepsPerSecond: number;
}

export class QuietStepRate {
  private windowStartedAt: number;
  private finishedInWindow = 0;
  private windowWasQuiet = true;
  /** Quiet windows, oldest first, each faster than every later one kept (a monotonic queue). */
  private readonly best: QuietWindow[] = [];

  constructor(now: number) {
    this.windowStartedAt = now;
  }

  /** One step finished. */
  finished(): void {
    this.finishedInWindow++;
  }

  /** A sample of the thread at `now`: closes the window once it has lasted long enough. */
  sample(now: number, saturated: boolean): void {
    if (saturated) this.windowWasQuiet = false;
    const elapsed = now - this.windowStartedAt;
    if (elapsed < RATE_WINDOW_MS) return;
    if (this.windowWasQuiet) this.remember({ endedAt: now, stepsPerSecond: (this.finishedInWindow * 1000) / elapsed });
    this.windowStartedAt = now;
    this.finishedInWindow = 0;
    this.windowWasQuiet = true;
  }

  /** The most steps a second finished in a quiet window of the last ten minutes (0: none seen). */
  stepsPerSecond(now: number): number {
    this.forgetBefore(now - QUIET_RATE_MEMORY_MS);
    return this.best[0]?.stepsPerSecond ?? 0;
  }

  private remember(window: QuietWindow): void {
    // A slower window ending earlier can never be the best again: it leaves memory first.
    while (this.best.length > 0 && this.best[this.best.length - 1].stepsPerSecond <= window.stepsPerSecond) this.best.pop();
    this.best.push(window);
    this.forgetBefore(window.endedAt - QUIET_RATE_MEMORY_MS);
  }

  private forgetBefore(time: number): void {
    while (this.best.length > 0 && this.best[0].endedAt < time) this.best.shift();
  }
}
