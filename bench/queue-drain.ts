// Waits until a bench server's durable queue has run the work registrations caused (link checks,
// e-mails, re-scoring), as its /metrics reports it, so that no round of a comparison inherits the
// previous round's background work: since decision 0074 that work waits for the registrations to
// pause, which in a bench round means until the round ends.
export const BENCH_METRICS_TOKEN = 'bench-only-metrics-token-not-secret';

/** The kinds of job that registrations cause. */
const CAUSED_BY_REGISTRATIONS = new Set(['mail', 'link-check', 'domain-check', 'identity-rescore']);
const JOB_LINE = /^veriwork_jobs\{kind="([^"]+)",state="(queued|active)"\} (\d+)/gm;

/** Jobs of those kinds queued or running now. */
async function pendingJobs(baseUrl: string): Promise<number> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
  if (!res.ok) throw new Error(`GET /metrics answered ${res.status}: start the bench server with METRICS_TOKEN`);
  let pending = 0;
  for (const [, kind, , count] of (await res.text()).matchAll(JOB_LINE))
    if (CAUSED_BY_REGISTRATIONS.has(kind!)) pending += Number(count);
  return pending;
}

/** Resolves with the seconds waited once none is queued or running twice in a row, half a second apart. */
export async function untilQueueDrained(baseUrl: string, timeoutMs = 180_000): Promise<number> {
  const started = performance.now();
  let emptyReads = 0;
  while (emptyReads < 2) {
    if (performance.now() - started > timeoutMs) throw new Error(`the server's queue still had work after ${timeoutMs / 1000} s`);
    emptyReads = (await pendingJobs(baseUrl)) === 0 ? emptyReads + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return (performance.now() - started) / 1000;
}
