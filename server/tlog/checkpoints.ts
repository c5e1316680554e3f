// Signed checkpoints: a new one whenever the log has grown past the newest stored checkpoint.
// Made at start-up, every minute while new leaves exist (the `log-checkpoint` job of the queue,
// run by one process per minute: decision 0065), and on demand when a proof needs a size that is
// not signed yet (so a just-registered work's proof is available at once).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import type { JobKind } from '../jobs/job-queue';
import { periodicJob } from '../jobs/periodic';
import { signCheckpoint } from './checkpoint';
import { toHex } from './hex';
import { checkpointAt, currentLogSize, insertCheckpoint, newestCheckpoint, type StoredCheckpoint } from './log-repository';
import { logRoot } from './log-tree';
import { lockCheckpointSigning } from './identity-repository';
import { assertCurrentIdentity } from './log-identity';
import { getLogSigner, logIdentityOutcome } from './signer';
import { queueCosignatures, wakeCosignatures } from './witnessing/witnessing';

// Concurrent callers in one process share one run instead of signing the same size twice.
const running = new WeakMap<AppDeps, Promise<StoredCheckpoint>>();

/**
 * How long a process reuses the newest checkpoint it read for proofs "against the newest
 * checkpoint", instead of reading it for every proof. A checkpoint another process signed
 * meanwhile is then used at most this much later (proofs against the older one verify all the
 * same, and such answers are cached for a minute anyway); one this process signs is used at once.
 */
const NEWEST_CHECKPOINT_REUSE_MS = 1000;
const newestRead = new WeakMap<AppDeps, { checkpoint: Promise<StoredCheckpoint | undefined>; atMs: number }>();

/** The newest checkpoint, as read or signed by this process at most NEWEST_CHECKPOINT_REUSE_MS ago. */
export function recentCheckpoint(deps: AppDeps): Promise<StoredCheckpoint | undefined> {
  const kept = newestRead.get(deps);
  const nowMs = performance.now();
  if (kept && nowMs - kept.atMs < NEWEST_CHECKPOINT_REUSE_MS) return kept.checkpoint;
  const entry = { checkpoint: newestCheckpoint(deps.db), atMs: nowMs };
  newestRead.set(deps, entry);
  // A failed read is not kept: the next proof reads again.
  entry.checkpoint.catch(() => {
    if (newestRead.get(deps) === entry) newestRead.delete(deps);
  });
  return entry.checkpoint;
}

/** Proofs use a checkpoint this process has just signed (or found signed) from now on. */
function keepNewest(deps: AppDeps, checkpoint: StoredCheckpoint): void {
  newestRead.set(deps, { checkpoint: Promise.resolve(checkpoint), atMs: performance.now() });
}

/**
 * The newest checkpoint, first signing and storing one for the current log size if the
 * newest stored one is smaller (or there is none: the empty log gets a size-0 checkpoint).
 * Every leaf committed before the call is covered by the result.
 */
export async function ensureCheckpoint(deps: AppDeps): Promise<StoredCheckpoint> {
  // A run already under way may have read the log size before the caller's leaf committed,
  // so let it finish and join (or start) a run that begins after this call.
  const earlier = running.get(deps);
  if (earlier) await earlier.catch(() => undefined);
  let run = running.get(deps);
  if (!run) {
    const started = makeCheckpoint(deps)
      .then((stored) => {
        keepNewest(deps, stored);
        return stored;
      })
      .finally(() => {
        if (running.get(deps) === started) running.delete(deps);
      });
    running.set(deps, started);
    run = started;
  }
  return run;
}

async function makeCheckpoint(deps: AppDeps): Promise<StoredCheckpoint> {
  const { db, config } = deps;
  const [newest, size] = await Promise.all([newestCheckpoint(db), currentLogSize(db)]);
  if (newest && newest.treeSize >= size) return newest;

  // The root is computed outside the lock, with the process's memoising tree hasher.
  const [root, signer] = await Promise.all([logRoot(db, size), getLogSigner(deps)]);
  // One signer at a time across processes: under the signing lock, whoever comes second finds
  // this size (or a larger one) already signed and returns that note instead of signing another.
  // Everything inside runs on `trx`: the embedded database has a single connection.
  const outcome = await db.transaction().execute(async (trx) => {
    await lockCheckpointSigning(trx);
    const latest = await newestCheckpoint(trx);
    if (latest && latest.treeSize >= size) return { stored: latest, signed: false };
    // Another process may have started a new log origin since this one started.
    await assertCurrentIdentity(trx, signer);
    const note = signCheckpoint({ origin: config.tlogOrigin, treeSize: size, rootHash: root }, signer);
    await insertCheckpoint(trx, { treeSize: size, rootHash: toHex(root), note }, deps.now());
    const stored = await checkpointAt(trx, size);
    if (!stored) throw new Error(`Checkpoint of size ${size} was not stored`);
    // The witnesses' cosignature requests commit with the checkpoint (durable jobs, decision
    // 0065): nobody waits for the witnesses, and a kill -9 after the commit loses no request.
    await queueCosignatures(trx, deps);
    return { stored, signed: true };
  });
  if (outcome.signed) wakeCosignatures(deps);
  return outcome.stored;
}

/** Resolves once no checkpoint is being made for `deps` (used before the database closes). */
export async function checkpointsSettled(deps: AppDeps): Promise<void> {
  await running.get(deps)?.catch(() => undefined);
}

/**
 * Decision 0031: a new checkpoint at least every minute while new leaves exist. One process of
 * those sharing the database signs it each minute (decision 0065); the others find it signed.
 */
export function checkpointJob(deps: AppDeps): JobKind<object> {
  return periodicJob('log-checkpoint', '* * * * *', async () => {
    await ensureCheckpoint(deps);
  });
}

/** Checks the signing key and makes a checkpoint at start-up; the minute's ones are checkpointJob's. */
export function scheduleCheckpoints(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onReady', async () => {
    // A missing or unusable signing key fails start-up; the first checkpoint itself may need a
    // pass over every leaf (seconds for a large log), so it runs in the background; a request
    // that needs a checkpoint meanwhile waits for that run (see ensureCheckpoint).
    await getLogSigner(deps);
    if (logIdentityOutcome(deps) === 'new-origin') {
      app.log.warn(`started the new log origin '${deps.config.tlogOrigin}'; the previous origin and its checkpoints are retired`);
    }
    ensureCheckpoint(deps).catch((err: unknown) => app.log.error({ err }, 'could not make a transparency-log checkpoint'));
  });
  app.addHook('onClose', async () => {
    await checkpointsSettled(deps);
  });
}
