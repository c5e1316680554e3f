// Whether the HTTP thread (this process's main thread, which answers every request) is saturated:
// its event-loop utilisation over the last sample. The image pool runs fewer jobs at once while
// it is (decision 0080): each registration also costs the HTTP thread its two requests, its
// statements and its e-mail, so under a saturating read load fewer registrations at a time leave
// the reads their share, while one image job always runs, so registrations never stop.
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** How often the utilisation is read: a load that starts is seen within this time. */
export const HTTP_THREAD_SAMPLE_MS = 500;
/** The HTTP thread counts as saturated at this share of its time spent working (0-1). */
export const HTTP_THREAD_BUSY_UTILISATION = 0.9;

export interface HttpThreadLoad {
  readonly busy: boolean;
  stop(): void;
}

/**
 * Reads the event loop's utilisation every `sampleMs` and calls `onChange` when it crosses
 * `threshold` either way. The timer does not keep the process alive.
 */
export function watchHttpThreadLoad(
  onChange: (busy: boolean) => void,
  { sampleMs = HTTP_THREAD_SAMPLE_MS, threshold = HTTP_THREAD_BUSY_UTILISATION } = {},
): HttpThreadLoad {
  let busy = false;
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const nowBusy = performance.eventLoopUtilization(now, last).utilization >= threshold;
    last = now;
    if (nowBusy === busy) return;
    busy = nowBusy;
    onChange(busy);
  }, sampleMs).unref();
  return {
    get busy() {
      return busy;
    },
    stop: () => clearInterval(timer),
  };
}
