// Periodic work as scheduled jobs of the queue (decision 0058): a cron expression instead of a
// setInterval in every process; the queue runs each period once, in one of the processes.
import type { JobKind } from './job-queue';

export function periodicJob(name: string, cron: string, run: () => Promise<void>): JobKind<object> {
  return {
    name,
    cron,
    // A failed run is not retried: the next period runs it again.
    retry: { limit: 0, delaySeconds: 60, backoff: false },
    expireInSeconds: 15 * 60,
    run: () => run(),
  };
}
