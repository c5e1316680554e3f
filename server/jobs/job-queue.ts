// One durable queue for all work done after a request (decision 0058): pg-boss on the service's own
// database, embedded or server, through the pool the service already has (server/db/job-sql.ts).
// A job is written in the transaction of the change that causes it (enqueue with that transaction),
// retried with back-off when it fails, run by exactly one of the processes that share the database,
// and kept, with its last error, for the operator (server/jobs/job-report.ts).
import PgBoss from 'pg-boss';
import type { Kysely, Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { DB } from '../db/types';
import { JOB_SCHEMA, kyselyJobSql, poolJobSql } from '../db/job-sql';

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
  run(data: T, job: { id: string }): Promise<void>;
}

const PERIODIC_POLLING_SECONDS = 15;

export type JobLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface JobQueueOptions {
  /** How often an idle worker looks for jobs another process queued (a local enqueue wakes it at once). */
  pollingIntervalSeconds: number;
}

export class JobQueue {
  readonly #boss: PgBoss;
  readonly #kinds = new Map<string, JobKind<object>>();
  readonly #workers = new Map<string, string>();
  readonly #log: JobLog;
  readonly #options: JobQueueOptions;
  #started = false;

  constructor(database: Pick<Database, 'pool'>, log: JobLog, options: JobQueueOptions) {
    this.#log = log;
    this.#options = options;
    this.#boss = new PgBoss({
      db: poolJobSql(database.pool),
      schema: JOB_SCHEMA,
      // Finished jobs stay visible to the operator for a week, then pg-boss drops them.
      archiveCompletedAfterSeconds: 24 * 60 * 60,
      archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
      deleteAfterSeconds: 7 * 24 * 60 * 60,
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
    await this.#boss.start();
    for (const kind of this.#kinds.values()) {
      const queue = {
        name: kind.name,
        // Periodic work: one queued and one running at most, so a slow run is never doubled.
        policy: kind.cron ? ('stately' as const) : ('standard' as const),
        retryLimit: kind.retry.limit,
        retryDelay: kind.retry.delaySeconds,
        retryBackoff: kind.retry.backoff,
        expireInSeconds: kind.expireInSeconds,
      };
      await this.#boss.createQueue(kind.name, queue);
      // A queue made by an older start keeps its settings until told: the configured ones win.
      await this.#boss.updateQueue(kind.name, queue);
      if (kind.cron) await this.#boss.schedule(kind.name, kind.cron, {}, { tz: 'UTC' });
      else await this.#boss.unschedule(kind.name);
      const id = await this.#boss.work<object>(
        kind.name,
        { batchSize: 1, pollingIntervalSeconds: this.#pollingFor(kind) },
        async ([job]) => {
          try {
            await kind.run(job.data, { id: job.id });
          } catch (err) {
            this.#log.warn({ err, job: job.id, kind: kind.name }, 'job failed; the queue retries it');
            throw err;
          }
        },
      );
      this.#workers.set(kind.name, id);
    }
    this.#started = true;
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
    await this.#boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
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
    const id = this.#workers.get(name);
    if (id) this.#boss.notifyWorker(id);
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
