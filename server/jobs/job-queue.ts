// One durable queue for all work done after a request (decision 0058): pg-boss on the service's own
// database, embedded or server, through the pool the service already has (server/db/job-sql.ts).
// A job is written in the transaction of the change that causes it (enqueue with that transaction),
// retried with back-off when it fails, run by exactly one of the processes that share the database,
// and kept, with its last error, for the operator (server/jobs/job-report.ts).
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss, { type JobWithMetadata } from 'pg-boss';
import type { Kysely, Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { DB } from '../db/types';
import { JOB_SCHEMA, kyselyJobSql, poolJobSql, type PoolJobSql } from '../db/job-sql';
import { BACKGROUND_YIELD } from '../../core/background-work';
import { RunnerLiveness } from './runner-liveness';
import { waitForQuiet } from './wait-for-quiet';

export interface JobRetry {
  limit: number;
  delaySeconds: number;
  /** Doubles the delay after each failure (with jitter): pg-boss's retryBackoff. */
  backoff: boolean;
}

export interface JobKind<T extends object> {
  name: string;
  /** Failed runs are tried again this way; after the last, the job stays 'failed' for the operator. */
  retry: JobRetry;
  /** A run that takes longer is counted as failed (and retried): a hung SMTP server must not hold a job forever. */
  expireInSeconds: number;
  /** Periodic work: a cron expression (UTC, at most once a minute); one process runs each period. */
  cron?: string;
  /**
   * 'short': at most one job per singleton key waits at a time (a second is not queued), for work
   * whose run covers everything queued before it (a witness asked for the newest checkpoint).
   * 'stately': at most one waits and one runs per key (a work's link check: a second request while
   * one waits is the same job, and one asked during a run runs after it).
   */
  policy?: 'standard' | 'short' | 'stately';
  /**
   * Jobs of this kind a process runs at once (default 1): with more than one, a run that hangs
   * until its time-out (a stalled SMTP conversation) does not hold up the others.
   */
  workers?: number;
  /**
   * Work nobody waits on at this moment (a link check, an e-mail): each run first waits until the
   * process has processed no image for a moment, at most `maxWaitMs` after the job was queued
   * (and at most half its time-out), so a burst of registrations keeps its pace (decision 0074).
   */
  yieldsToRegistrations?: { maxWaitMs: number };
  /**
   * Batch work that goes on for long (re-scoring every work): after each run the worker rests for
   * as long as the run took times (1 / busyShare − 1), so the kind keeps at most that share of the
   * process (0.5: half), and reads and registrations the rest.
   */
  pace?: { busyShare: number };
  /** `lastTry`: a failure of this run is final (no retry follows), so the job may record it. */
  run(data: T, job: { id: string; lastTry: boolean }): Promise<void>;
}

const PERIODIC_POLLING_SECONDS = 15;

/** Kept as each finished job's output: which process ran it, for the operator (and the tests). */
const RAN_BY = `${os.hostname()}:${process.pid}`;

export type JobLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface JobQueueOptions {
  /** How often an idle worker looks for jobs another process queued (a local enqueue wakes it at once). */
  pollingIntervalSeconds: number;
  /** How often one process expires jobs that outlived their time-out (their process died) and archives. */
  maintenanceIntervalSeconds: number;
  /** How long this process has processed no registration's image (kinds that yield to registrations wait on it). */
  registrationsIdleForMs?: () => number;
  /** Hears each run this process ends, with its kind and time (the operator's metrics); never its data. */
  onRunEnded?: (run: { kind: string; seconds: number; failed: boolean }) => void;
}

const DEADLOCK_RETRIES = 5;

/** Runs `step` again (after a short random pause) when PostgreSQL aborted it as a deadlock (40P01). */
async function retryOnDeadlock<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt >= DEADLOCK_RETRIES) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

export class JobQueue {
  readonly #boss: PgBoss;
  readonly #kinds = new Map<string, JobKind<object>>();
  readonly #workers = new Map<string, string[]>();
  readonly #log: JobLog;
  readonly #options: JobQueueOptions;
  readonly #liveness: RunnerLiveness;
  readonly #sql: PoolJobSql;
  /** Runs of this process not yet ended; stop waits for them before the pool may close. */
  readonly #running = new Set<Promise<unknown>>();
  /** Aborted when the queue stops: ends the waits for a quiet moment and the rests between runs. */
  #stopping = new AbortController();
  #started = false;

  constructor(database: Pick<Database, 'pool' | 'db'>, log: JobLog, options: JobQueueOptions) {
    this.#log = log;
    this.#options = options;
    this.#liveness = new RunnerLiveness(
      database.db,
      RAN_BY,
      async (run) => {
        this.#log.warn(
          { job: run.jobId, kind: run.kind, runner: run.runner },
          'periodic job of a process gone quiet: failed, so the next period runs',
        );
        await this.#boss.fail(run.kind, run.jobId, { message: `its process (${run.runner}) stopped running` });
      },
      (err) => this.#log.error({ err }, 'job runner heartbeat failed'),
    );
    this.#sql = poolJobSql(database.pool);
    this.#boss = new PgBoss({
      db: this.#sql,
      schema: JOB_SCHEMA,
      // Finished jobs stay visible to the operator for a week, then pg-boss drops them.
      archiveCompletedAfterSeconds: 24 * 60 * 60,
      archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
      deleteAfterSeconds: 7 * 24 * 60 * 60,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
    });
    // pg-boss reports failures of its own timers (a poll, maintenance) here; they are retried by it.
    this.#boss.on('error', (err) => this.#log.error({ err }, 'job queue error'));
  }

  /** Declares a kind of job; every kind is declared before start. */
  define<T extends object>(kind: JobKind<T>): void {
    if (this.#started) throw new Error(`job kind ${kind.name} declared after the queue started`);
    this.#kinds.set(kind.name, kind as unknown as JobKind<object>);
  }

  get started(): boolean {
    return this.#started;
  }

  async start(): Promise<void> {
    this.#stopping = new AbortController();
    this.#sql.open();
    await this.#boss.start();
    await this.#liveness.start();
    for (const kind of this.#kinds.values()) {
      const queue = {
        name: kind.name,
        // Periodic work: one queued and one running at most, so a slow run is never doubled.
        policy: kind.cron ? ('stately' as const) : (kind.policy ?? 'standard'),
        retryLimit: kind.retry.limit,
        retryDelay: kind.retry.delaySeconds,
        retryBackoff: kind.retry.backoff,
        expireInSeconds: kind.expireInSeconds,
      };
      // Several processes starting together create the queues' tables at once (pg-boss attaches a
      // partition per queue), which PostgreSQL may settle by aborting one as a deadlock: try again.
      await retryOnDeadlock(() => this.#boss.createQueue(kind.name, queue));
      // A queue made by an older start keeps its settings until told: the configured ones win.
      await retryOnDeadlock(() => this.#boss.updateQueue(kind.name, queue));
      if (kind.cron) await retryOnDeadlock(() => this.#boss.schedule(kind.name, kind.cron!, {}, { tz: 'UTC' }));
      else await retryOnDeadlock(() => this.#boss.unschedule(kind.name));
      // pg-boss 10 runs one job at a time per worker; several workers of a kind share its queue.
      const ids: string[] = [];
      for (let i = 0; i < (kind.workers ?? 1); i += 1) {
        // After a job that ended within the polling interval, pg-boss 10 waits out the interval
        // before it looks again, even with more queued: a backlog of a hundred link checks took
        // two hundred seconds. Told it was woken, the worker looks for the next job at once, so a
        // backlog drains at the jobs' own pace; with none left it waits as before. Not after a
        // failure: a job whose receiver or server is down is not tried again in a tight loop.
        let workerId = '';
        workerId = await this.#boss.work<object>(
          kind.name,
          { batchSize: 1, pollingIntervalSeconds: this.#pollingFor(kind), includeMetadata: true },
          async ([job]) => {
            const run = this.#runJob(kind, job);
            this.#running.add(run);
            try {
              const kept = await run;
              if (workerId) this.#boss.notifyWorker(workerId);
              return kept;
            } finally {
              this.#running.delete(run);
            }
          },
        );
        ids.push(workerId);
      }
      this.#workers.set(kind.name, ids);
    }
    this.#started = true;
  }

  /** Runs one job of `kind`, timed for the metrics; returns what the finished job keeps. */
  async #runJob(kind: JobKind<object>, job: JobWithMetadata<object>): Promise<{ ran_by: string }> {
    // A job fetched while the queue stops (its fetch was already on its way) is not started: it is
    // failed, and so run again later, rather than begun in a process that is closing its pool.
    if (this.#stopping.signal.aborted) throw new Error('the queue stopped before this run began; it runs again later');
    await this.#yieldToRegistrations(kind, job.createdOn);
    // Timed from here: the wait for a quiet moment is not the job's work.
    const startedAt = performance.now();
    let timed = false;
    const ended = (failed: boolean) => {
      if (timed) return;
      timed = true;
      this.#options.onRunEnded?.({ kind: kind.name, seconds: (performance.now() - startedAt) / 1000, failed });
    };
    const run = async () => {
      await kind.run(job.data, { id: job.id, lastTry: job.retryCount >= job.retryLimit });
      ended(false);
      // The rest is part of the job for pg-boss (it stays active), so it is recorded with the run.
      if (kind.pace) await this.#rest((performance.now() - startedAt) * (1 / kind.pace.busyShare - 1));
    };
    try {
      // A periodic run, or a batch of a paced run over the whole ledger with its rest, is recorded
      // with this process, so a kill -9 mid-run does not hold the kind's next period (or the run's
      // next batch) back until the time-out, 10 minutes for a batch (runner-liveness.ts).
      await (kind.cron || kind.pace ? this.#liveness.whileRecorded(job.id, kind.name, run) : run());
      return { ran_by: RAN_BY };
    } catch (err) {
      ended(true);
      this.#log.warn({ err, job: job.id, kind: kind.name }, 'job failed; the queue retries it');
      throw err;
    }
  }

  async #yieldToRegistrations(kind: JobKind<object>, queuedAt: Date): Promise<void> {
    const idleForMs = this.#options.registrationsIdleForMs;
    if (!kind.yieldsToRegistrations || !idleForMs) return;
    const maxWaitMs = Math.min(kind.yieldsToRegistrations.maxWaitMs, (kind.expireInSeconds * 1000) / 2);
    const signal = this.#stopping.signal;
    // A stop ends the wait by rejecting: the job has not begun, so it fails and runs again later.
    await waitForQuiet(
      idleForMs,
      queuedAt,
      { ...BACKGROUND_YIELD, maxWaitMs },
      { now: Date.now, sleep: (ms) => sleep(ms, undefined, { signal }) },
    );
  }

  /** The rest of a paced kind after its run; cut short (the run counts as done) when the queue stops. */
  async #rest(ms: number): Promise<void> {
    await sleep(ms, undefined, { signal: this.#stopping.signal }).catch(() => undefined);
  }

  /**
   * Periodic kinds are queued at most once a minute (by the scheduler, which wakes nobody), so
   * their workers look less often: fewer idle queries on the embedded database's one connection.
   */
  #pollingFor(kind: JobKind<object>): number {
    return kind.cron ? Math.max(PERIODIC_POLLING_SECONDS, this.#options.pollingIntervalSeconds) : this.#options.pollingIntervalSeconds;
  }

  /** Waits (up to `timeoutMs`) for running jobs, then stops; jobs not finished are run again later. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    const deadline = Date.now() + timeoutMs;
    this.#stopping.abort();
    await this.#boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
    // pg-boss's stop returns while a worker's fetch may still bring a job, and it completes or
    // fails each job without awaiting that statement: wait until neither runs (up to the time-out),
    // so nothing reaches the pool after the caller closes it.
    while (Date.now() < deadline) {
      await Promise.race([Promise.all([...this.#running]).catch(() => undefined), sleep(Math.max(0, deadline - Date.now()))]);
      await this.#sql.settled();
      // A fetched job's run is registered a few callbacks after its statement ends.
      await new Promise((resolve) => setImmediate(resolve));
      if (this.#running.size === 0 && this.#sql.running === 0) break;
    }
    await this.#liveness.stop();
    this.#sql.close(() => this.#log.warn("a job ran past the queue's stop; it was failed at the stop and runs again later"));
  }

  /**
   * Queues a job through `db`: with a transaction, the job exists if and only if the transaction
   * commits. `singletonKey`: a second job with the same key is not queued while the first waits.
   */
  async enqueue(
    db: Kysely<DB> | Transaction<DB>,
    name: string,
    data: object,
    options: { singletonKey?: string } = {},
  ): Promise<string | null> {
    if (!this.#kinds.has(name)) throw new Error(`unknown job kind ${name}`);
    return this.#boss.send(name, data, { ...options, db: kyselyJobSql(db) });
  }

  /** Runs the local worker of `name` now rather than at its next poll (call after the commit). */
  wake(name: string): void {
    for (const id of this.#workers.get(name) ?? []) this.#boss.notifyWorker(id);
  }

  /**
   * Puts a failed job back in the queue, through `db` (a transaction that records it), with one
   * more try; false when no failed job of kind `name` has that id. Wake the kind after the commit.
   */
  async retry(db: Kysely<DB> | Transaction<DB>, name: string, id: string): Promise<boolean> {
    const result = (await this.#boss.retry(name, id, { db: kyselyJobSql(db) })) as { affected?: number } | undefined;
    return (result?.affected ?? 0) > 0;
  }

  /** The periodic kinds and their cron expressions, as the database holds them. */
  async schedules(): Promise<{ name: string; cron: string }[]> {
    return (await this.#boss.getSchedules()).map(({ name, cron }) => ({ name, cron }));
  }

  kindNames(): string[] {
    return [...this.#kinds.keys()];
  }
}
