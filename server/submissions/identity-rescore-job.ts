// When an address claims an artist name, its other works under the name start counting for
// each other (rubric v2: the artist's other works count inside the claimed identity only). Each
// is re-scored by this job, a batch at a time in registry order; each batch queues the next in
// its own transaction, so the work resumes where it stopped after a crash.
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../deps';
import type { DB } from '../db/types';
import type { JobLog, JobQueue } from '../jobs/job-queue';
import { shareFingerprintMemory } from '../works/fingerprint-memory';
import { batchReads, scoreStoredWork } from './rescore';
import { lockIdentityWorksAfter, touchWorks } from './rescore-repository';
import { storeRescoredTrusts, type RescoreCause } from './stored-trust';
import { ledgerTransaction } from '../works/ledger-transaction';

export const IDENTITY_RESCORE_JOB = 'identity-rescore';
/** Works re-scored per job: a short transaction, so reads and registrations never wait long. */
export const IDENTITY_RESCORE_BATCH = 100;

export interface IdentityRescoreData {
  artistName: string;
  /** Absent: every live work under the name (a claim released or transferred, decision 0063). */
  email?: string;
  /** Works with a larger registry number are left. */
  afterSeq: number;
  /** What changed the identity, for each work's history (a domain proven or lost, decision 0062). */
  cause?: RescoreCause;
}

export interface IdentityRescores {
  enqueue(db: Kysely<DB> | Transaction<DB>, data: IdentityRescoreData): Promise<void>;
}

export function queueIdentityRescore(identity: IdentityRescores, db: Transaction<DB>, data: IdentityRescoreData): Promise<void> {
  return identity.enqueue(db, data);
}

async function rescoreBatch(deps: Pick<AppDeps, 'db' | 'config' | 'now'>, identity: IdentityRescores, data: IdentityRescoreData) {
  await ledgerTransaction(deps.db, async (trx) => {
    // The index of migration 026: the claimant's live works under the name, in registry order
    // (or, with no address, every live work under the name: migration 002's index).
    const works = await lockIdentityWorksAfter(trx, data, IDENTITY_RESCORE_BATCH);
    const now = deps.now();
    // Each is now the claimant's (artist_confirmed), or no longer, whether or not its score moves.
    await touchWorks(
      trx,
      works.map((w) => w.id),
      now,
    );
    const reader = shareFingerprintMemory(trx, deps.db);
    const reads = await batchReads(trx, works);
    const rescored = [];
    for (const work of works) rescored.push({ work, trust: await scoreStoredWork(reader, deps.config.siteUrl, work, {}, reads) });
    await storeRescoredTrusts(trx, rescored, data.cause ?? {}, now);
    if (works.length === IDENTITY_RESCORE_BATCH)
      await identity.enqueue(trx, { ...data, afterSeq: Number(works[works.length - 1].registry_seq) });
  });
}

export function defineIdentityRescoreJob(
  queue: JobQueue,
  deps: Pick<AppDeps, 'db' | 'config' | 'now'>,
  log: JobLog,
): IdentityRescores {
  const identity: IdentityRescores = {
    async enqueue(db, data) {
      await queue.enqueue(db, IDENTITY_RESCORE_JOB, data);
    },
  };
  queue.define<IdentityRescoreData>({
    name: IDENTITY_RESCORE_JOB,
    // Batch after batch, but half the process at most: reads and registrations keep the rest.
    pace: { busyShare: 0.5 },
    retry: { limit: 5, delaySeconds: 30, backoff: true },
    expireInSeconds: 10 * 60,
    async run(data, job) {
      await rescoreBatch(deps, identity, data);
      log.info({ job: job.id, afterSeq: data.afterSeq }, 'identity re-scored (one batch)');
    },
  });
  return identity;
}
