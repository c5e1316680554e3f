// The operator's metrics (issue 39, decision 0067): one prom-client registry per app, so that two
// apps in one process (the tests) count apart. Every label takes a value from a closed or
// configured set (a route's pattern, a status, a family, a job kind, a witness's name): never a
// raw address, an ID, an e-mail or anything a visitor typed.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Every metric's name starts with it, so that the alert rules and the dashboard find them. */
export const METRIC_PREFIX = 'veriwork_';

/** Request times: from 5 ms (a cached page) to 10 s (an upload on a busy server). */
const HTTP_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Image jobs: a small image in tens of milliseconds, the time limit at 20 s. */
const IMAGE_SECONDS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30];
/** Job runs: a clean-up in milliseconds, an e-mail in a second, the mail job's limit at 120 s. */
const JOB_SECONDS = [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
/** Statements: an indexed read under a millisecond, a long registration transaction in seconds. */
const QUERY_SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * `processMetrics`: also the process's own figures (CPU, memory, event-loop delay, garbage
 * collection, open handles). prom-client's collectors for them watch the process from then on and
 * cannot be stopped, so they are made only where metrics are served (METRICS_TOKEN set), not for
 * every app a test builds.
 */
export function createMetrics(options: { processMetrics: boolean }) {
  const registry = new Registry();
  const registers = [registry];
  const name = (rest: string) => `${METRIC_PREFIX}${rest}`;
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  return {
    registry,
    http: {
      requests: new Counter({
        name: name('http_requests_total'),
        help: 'HTTP requests answered by this process, by method, route pattern and status.',
        labelNames: ['method', 'route', 'status'] as const,
        registers,
      }),
      duration: new Histogram({
        name: name('http_request_duration_seconds'),
        help: 'Time from a request arriving to its answer being sent, by method, route pattern and status.',
        labelNames: ['method', 'route', 'status'] as const,
        buckets: HTTP_SECONDS,
        registers,
      }),
      rateLimitRefusals: new Counter({
        name: name('rate_limit_refusals_total'),
        help: 'Requests refused with 429 rate_limited by this process, by rate-limit family.',
        labelNames: ['family'] as const,
        registers,
      }),
    },
    image: {
      running: new Gauge({ name: name('image_jobs_running'), help: 'Image jobs on a worker thread now.', registers }),
      waiting: new Gauge({ name: name('image_queue_depth'), help: 'Image jobs waiting for a worker thread now.', registers }),
      workers: new Gauge({ name: name('image_workers'), help: 'Image worker threads (IMAGE_WORKERS).', registers }),
      queueMax: new Gauge({ name: name('image_queue_max'), help: 'Image jobs that may wait (IMAGE_QUEUE_MAX).', registers }),
      wait: new Histogram({
        name: name('image_queue_wait_seconds'),
        help: 'Time an image job waited for a worker thread.',
        buckets: IMAGE_SECONDS,
        registers,
      }),
      run: new Histogram({
        name: name('image_job_duration_seconds'),
        help: 'Time an image job ran on its worker thread, by outcome (processed, rejected, busy, failed).',
        labelNames: ['outcome'] as const,
        buckets: IMAGE_SECONDS,
        registers,
      }),
      refusals: new Counter({
        name: name('image_refusals_total'),
        help: 'Images refused before a worker took them: queue_full and wait_timeout (503), client_share (429), closing.',
        labelNames: ['reason'] as const,
        registers,
      }),
    },
    registrations: {
      turnWait: new Histogram({
        name: name('registration_turn_wait_seconds'),
        help: 'Time a registration step (upload, submission, batch) waited for its turn while reads saturated this process (decision 0082).',
        buckets: IMAGE_SECONDS,
        registers,
      }),
      turnRefusals: new Counter({
        name: name('registration_turn_refusals_total'),
        help: 'Registration steps refused with 503 because as many as allowed waited for their turn already.',
        registers,
      }),
    },
    db: {
      connections: new Gauge({
        name: name('db_pool_connections'),
        help: "Connections of this process's database pool, by state (idle, in_use).",
        labelNames: ['state'] as const,
        registers,
      }),
      waiting: new Gauge({ name: name('db_pool_waiting'), help: 'Queries waiting for a free pool connection.', registers }),
      max: new Gauge({ name: name('db_pool_max'), help: 'Most connections the pool opens (DATABASE_POOL_SIZE).', registers }),
      query: new Histogram({
        name: name('db_query_duration_seconds'),
        help: 'Time of each statement the app ran through its query builder, by outcome (ok, error).',
        labelNames: ['outcome'] as const,
        buckets: QUERY_SECONDS,
        registers,
      }),
    },
    jobs: {
      count: new Gauge({
        name: name('jobs'),
        help: 'Jobs of the durable queue (shared by every process), by kind and state (queued, active, failed).',
        labelNames: ['kind', 'state'] as const,
        registers,
      }),
      oldestQueuedAge: new Gauge({
        name: name('jobs_oldest_queued_age_seconds'),
        help: 'How long the oldest job due to run has waited for a worker (since queued, or since its retry fell due), by kind; 0 when none.',
        labelNames: ['kind'] as const,
        registers,
      }),
      runs: new Counter({
        name: name('job_runs_total'),
        help: 'Job runs ended in this process, by kind and outcome (completed, failed: a failed run is retried until its limit).',
        labelNames: ['kind', 'outcome'] as const,
        registers,
      }),
      runTime: new Histogram({
        name: name('job_run_duration_seconds'),
        help: 'Time of each job run in this process, by kind (a mail job: the SMTP conversation).',
        labelNames: ['kind'] as const,
        buckets: JOB_SECONDS,
        registers,
      }),
    },
    tlog: {
      size: new Gauge({ name: name('tlog_size'), help: 'Leaves in the transparency log.', registers }),
      checkpointSize: new Gauge({ name: name('tlog_checkpoint_size'), help: 'Tree size of the newest signed checkpoint.', registers }),
      checkpointAge: new Gauge({
        name: name('tlog_checkpoint_age_seconds'),
        help: 'Age of the newest signed checkpoint (a log that does not grow signs no new one).',
        registers,
      }),
      witnessLag: new Gauge({
        name: name('tlog_witness_lag_seconds'),
        help: 'How long the oldest checkpoint the witness has not cosigned has waited; 0 when it cosigned the newest.',
        labelNames: ['witness'] as const,
        registers,
      }),
      witnessSize: new Gauge({
        name: name('tlog_witness_cosigned_size'),
        help: 'Largest tree size the witness has cosigned; -1 before its first cosignature.',
        labelNames: ['witness'] as const,
        registers,
      }),
    },
    mail: {
      sent: new Counter({
        name: name('mail_sent_total'),
        help: 'E-mails this process handed to the SMTP server (or the outbox).',
        registers,
      }),
      failed: new Counter({
        name: name('mail_failed_total'),
        help: 'Attempts to send an e-mail that failed in this process (each is retried by the queue until its limit).',
        registers,
      }),
    },
    scrape: {
      errors: new Counter({
        name: name('metrics_read_errors_total'),
        help: 'Reads of the database for a scrape that failed, by source (jobs, tlog); their gauges are left out of that scrape.',
        labelNames: ['source'] as const,
        registers,
      }),
    },
  };
}
