// Runner liveness for periodic work (decision 0073). pg-boss gives up on a job whose process died
// only when the job's time-out passes, and a periodic kind runs one period at a time, so a process
// killed in the middle of the minute's checkpoint held every later checkpoint back for the
// time-out (15 minutes). Each process says it is alive every few seconds and records the periodic
// runs it starts; every process fails the runs of a process that has gone quiet, and the kind's
// next period then runs in whichever process takes it.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import {
  endPeriodicRun,
  forgetRunner,
  forgetSilentRunners,
  markRunnerAlive,
  orphanedPeriodicRuns,
  recordPeriodicRun,
} from './runner-repository';

export const RUNNER_LIVENESS = {
  /** How often a process says it is alive. */
  heartbeatSeconds: 5,
  /** Silent this long, a process is taken for dead and its periodic runs are failed. */
  staleSeconds: 30,
  /** Every this many heartbeats, rows of processes gone for a day are dropped. */
  cleanupEveryBeats: 720,
} as const;

export interface OrphanedRun {
  jobId: string;
  kind: string;
  runner: string;
}

export class RunnerLiveness {
  /** This process, unique across restarts (a container's process is always pid 1 on the same host). */
  readonly runner: string;
  readonly #db: Kysely<DB>;
  readonly #failRun: (run: OrphanedRun) => Promise<void>;
  readonly #onError: (err: unknown) => void;
  #timer: NodeJS.Timeout | undefined;
  #beats = 0;
  #beating: Promise<void> = Promise.resolve();

  constructor(db: Kysely<DB>, ranBy: string, failRun: (run: OrphanedRun) => Promise<void>, onError: (err: unknown) => void) {
    this.#db = db;
    this.runner = `${ranBy}/${crypto.randomBytes(4).toString('hex')}`;
    this.#failRun = failRun;
    this.#onError = onError;
  }

  async start(): Promise<void> {
    await markRunnerAlive(this.#db, this.runner);
    this.#timer = setInterval(() => {
      this.#beating = this.#beat().catch(this.#onError);
    }, RUNNER_LIVENESS.heartbeatSeconds * 1000);
    this.#timer.unref();
  }

  async #beat(): Promise<void> {
    await markRunnerAlive(this.#db, this.runner);
    for (const run of await orphanedPeriodicRuns(this.#db, RUNNER_LIVENESS.staleSeconds)) {
      await this.#failRun({ jobId: run.job_id, kind: run.kind, runner: run.runner });
      await endPeriodicRun(this.#db, run.job_id);
    }
    this.#beats += 1;
    if (this.#beats % RUNNER_LIVENESS.cleanupEveryBeats === 0) await forgetSilentRunners(this.#db);
  }

  /** Runs `run`, recorded as this process's periodic run of job `jobId` while it lasts. */
  async whileRecorded<T>(jobId: string, kind: string, run: () => Promise<T>): Promise<T> {
    await recordPeriodicRun(this.#db, { jobId, kind, runner: this.runner });
    try {
      return await run();
    } finally {
      await endPeriodicRun(this.#db, jobId);
    }
  }

  /** After the queue stopped (its runs ended): says goodbye, so nothing waits for this process. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#beating;
    await forgetRunner(this.#db, this.runner);
  }
}
