// Asking the configured witnesses to cosign the log's newest checkpoint, as durable jobs of the
// queue (decision 0065): a registration never waits for a witness, and a request made is never
// lost. When a checkpoint is stored, one `witness-cosign` job per witness is written in the same
// transaction; the job submits the newest checkpoint (not a given one), from the size the witness
// last cosigned, so it is idempotent: a second run, a retry after a kill -9, or a run in another
// process finds the cosignature stored ('already-cosigned') or asks again for the same one. At most
// one job per witness waits at a time (the queue's 'short' policy keyed by the witness): a waiting
// job already covers every newer checkpoint. A refused or unanswered submission is retried with
// back-off by the queue; after the last try the job stays failed for the operator, and the next
// checkpoint queues a new one anyway.
import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { parseWitnessKey } from '../../../core/tlog-cosignature';
import type { DB } from '../../db/types';
import type { AppDeps } from '../../deps';
import type { JobKind, JobQueue } from '../../jobs/job-queue';
import { newestCheckpoint } from '../log-repository';
import { submitCheckpoint, WITNESS_TIMEOUT_MS, type ActiveWitness } from './submit';

export const WITNESS_JOB = 'witness-cosign';

interface WitnessJobData {
  /** The witness's verifier key, as configured (TLOG_WITNESSES). */
  vkey: string;
}

/** The configured witnesses, with their keys checked (throws on a malformed key). */
export async function configuredWitnesses(deps: Pick<AppDeps, 'config'>): Promise<ActiveWitness[]> {
  const out: ActiveWitness[] = [];
  for (const w of deps.config.tlogWitnessing.witnesses) {
    try {
      out.push({ key: await parseWitnessKey(w.vkey), url: w.url });
    } catch (err) {
      throw new Error(`TLOG_WITNESSES: ${w.vkey}: ${(err as Error).message}`, { cause: err });
    }
  }
  return out;
}

// The queue each app's checkpoints write their witness jobs to (set when the kind is declared).
const queues = new WeakMap<AppDeps, JobQueue>();

/** The job that asks one witness to cosign the newest checkpoint. */
export function witnessJob(deps: AppDeps, queue: JobQueue, log: Pick<FastifyBaseLogger, 'warn'>): JobKind<WitnessJobData> {
  queues.set(deps, queue);
  let witnesses: Promise<ActiveWitness[]> | undefined;
  return {
    name: WITNESS_JOB,
    policy: 'short',
    // About 5, 10, 20 and 40 s apart (with jitter), as the background retries were before.
    retry: { limit: 4, delaySeconds: 5, backoff: true },
    // submitCheckpoint makes at most three requests, each cut off after WITNESS_TIMEOUT_MS.
    expireInSeconds: Math.ceil((4 * WITNESS_TIMEOUT_MS) / 1000),
    async run(data) {
      witnesses ??= configuredWitnesses(deps);
      const witness = (await witnesses).find((w) => w.key.vkey === data.vkey);
      // A witness no longer configured is no longer asked.
      if (!witness) return;
      const checkpoint = await newestCheckpoint(deps.db);
      if (!checkpoint) return;
      const outcome = await submitCheckpoint(deps, witness, checkpoint);
      // The witness holds a larger size than this checkpoint: the log may have been rolled back.
      if (outcome === 'witness-is-ahead') {
        log.warn({ witness: witness.key.name, treeSize: checkpoint.treeSize }, 'witness holds a larger tree than this checkpoint');
      }
    },
  };
}

/**
 * Queues a cosignature request to every witness, through `db` (the transaction that stores a new
 * checkpoint: the requests exist if and only if the checkpoint does). Wake the kind after the commit.
 */
export async function queueCosignatures(db: Kysely<DB> | Transaction<DB>, deps: AppDeps): Promise<void> {
  const queue = queues.get(deps);
  if (!queue) return;
  for (const w of deps.config.tlogWitnessing.witnesses) {
    await queue.enqueue(db, WITNESS_JOB, { vkey: w.vkey } satisfies WitnessJobData, { singletonKey: w.vkey });
  }
}

/** Runs this process's witness worker now (after the commit of queueCosignatures). */
export function wakeCosignatures(deps: AppDeps): void {
  queues.get(deps)?.wake(WITNESS_JOB);
}

/**
 * Checks the witness keys at start-up (a malformed one fails it), and asks the witnesses once:
 * after a change of TLOG_WITNESSES a new witness may lack the newest checkpoint even if the log
 * does not grow.
 */
export function scheduleWitnessing(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onReady', async () => {
    const witnesses = await configuredWitnesses(deps);
    if (witnesses.length === 0 || !(await newestCheckpoint(deps.db))) return;
    await queueCosignatures(deps.db, deps);
    wakeCosignatures(deps);
  });
}
