// Re-scoring every work when the trust rubric changes (issue 33: every existing work moves to
// rubric v2), as a job of the durable queue: batches in registry order, each in a short
// transaction that records its progress (rescore_runs) and queues the next batch, so the run
// survives kill -9 and resumes where it stopped, and reads and registrations are never held up
// for long. Works already scored under the current version are passed over.
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../deps';
import type { DB } from '../db/types';
import type { JobLog, JobQueue } from '../jobs/job-queue';
import { shareFingerprintMemory } from '../works/fingerprint-memory';
import { batchReads, scoreStoredWork } from './rescore';
import { lockLiveWorksAfter, lockRescoreRun, readRescoreRun, recordRescoreProgress } from './rescore-repository';
import { storeRescoredTrusts } from './stored-trust';
import { RUBRIC_VERSION } from './trust';
import { ledgerTransaction } from '../works/ledger-transaction';

export const RUBRIC_RESCORE_JOB = 'rubric-rescore';
/** One key for the whole run: one batch waiting and one running at most, whatever the processes. */
const RUN_KEY = 'rubric';

export interface RubricRescoreProgress {
  rubricVersion: string;
  lastSeq: number;
  changed: number;
  finished: boolean;
}

type Deps = Pick<AppDeps, 'db' | 'config' | 'now'>;

export async function readRescoreProgress(db: Kysely<DB>, version = RUBRIC_VERSION): Promise<RubricRescoreProgress | undefined> {
  const row = await readRescoreRun(db, version);
  return (
    row && {
      rubricVersion: row.rubric_version,
      lastSeq: Number(row.last_seq),
      changed: Number(row.changed),
      finished: row.finished_at !== null,
    }
  );
}

/** Re-scores the next batch; returns whether works remain. */
export async function rescoreNextBatch(
  deps: Deps,
  batchSize: number,
  queueNext: (trx: Transaction<DB>) => Promise<void>,
): Promise<boolean> {
  return ledgerTransaction(deps.db, async (trx) => {
    const now = deps.now();
    const run = await lockRescoreRun(trx, RUBRIC_VERSION, now);
    if (run.finished) return false;
    const works = await lockLiveWorksAfter(trx, run.lastSeq, batchSize);
    const reader = shareFingerprintMemory(trx, deps.db);
    const due = works.filter((work) => work.trust_rubric_version !== RUBRIC_VERSION);
    const reads = await batchReads(trx, due);
    const rescored = [];
    for (const work of due) rescored.push({ work, trust: await scoreStoredWork(reader, deps.config.siteUrl, work, {}, reads) });
    const changed = await storeRescoredTrusts(trx, rescored, { rubric_version: RUBRIC_VERSION }, now);
    const more = works.length === batchSize;
    await recordRescoreProgress(trx, RUBRIC_VERSION, {
      lastSeq: works.length > 0 ? works[works.length - 1].registry_seq : run.lastSeq,
      changed,
      finishedAt: more ? null : now,
    });
    if (more) await queueNext(trx);
    return more;
  });
}

export interface RubricRescore {
  /** Queues the run's next batch unless the current version's run is finished. */
  start(): Promise<void>;
}

export function defineRubricRescoreJob(queue: JobQueue, deps: Deps, batchSize: number, log: JobLog): RubricRescore {
  const queueNext = async (db: Kysely<DB> | Transaction<DB>) => {
    await queue.enqueue(db, RUBRIC_RESCORE_JOB, {}, { singletonKey: RUN_KEY });
  };
  queue.define<object>({
    name: RUBRIC_RESCORE_JOB,
    policy: 'stately',
    // Batch after batch, but half the process at most: reads and registrations keep the rest.
    pace: { busyShare: 0.5 },
    retry: { limit: 10, delaySeconds: 30, backoff: true },
    expireInSeconds: 10 * 60,
    async run(_data, job) {
      const more = await rescoreNextBatch(deps, batchSize, queueNext);
      if (!more) log.info({ job: job.id, rubric: RUBRIC_VERSION }, 'every work is scored under the current trust rubric');
    },
  });
  return {
    async start() {
      if ((await readRescoreProgress(deps.db))?.finished) return;
      await queueNext(deps.db);
      queue.wake(RUBRIC_RESCORE_JOB);
    },
  };
}
