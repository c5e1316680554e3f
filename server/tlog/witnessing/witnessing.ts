// Asking the configured witnesses to cosign each new checkpoint, in the background: a
// registration never waits for a witness. Per witness, checkpoints are submitted one after the
// other (in size order); a failed submission is retried a few times with growing pauses, and in
// any case the next checkpoint starts again from the size the witness last cosigned.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { parseWitnessKey } from '../../../core/tlog-cosignature';
import type { AppDeps } from '../../deps';
import { newestCheckpoint, type StoredCheckpoint } from '../log-repository';
import { submitCheckpoint, type ActiveWitness } from './submit';

const RETRY_DELAYS_MS = [5_000, 20_000, 60_000];

interface Witnessing {
  witnesses: ActiveWitness[];
  log: FastifyBaseLogger;
  queues: Map<string, Promise<void>>;
  timers: Set<NodeJS.Timeout>;
  /** The largest size already handed to the witnesses: a checkpoint is submitted once. */
  requestedSize: number;
  closed: boolean;
}

const active = new WeakMap<AppDeps, Witnessing>();

/** The configured witnesses, with their keys checked (throws on a malformed key). */
export async function configuredWitnesses(deps: AppDeps): Promise<ActiveWitness[]> {
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

/** Checks the witness keys at start-up and stops the background work when the app closes. */
export function scheduleWitnessing(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onReady', async () => {
    const witnesses = await configuredWitnesses(deps);
    if (witnesses.length === 0) return;
    active.set(deps, { witnesses, log: app.log, queues: new Map(), timers: new Set(), requestedSize: -1, closed: false });
    // After a restart the witnesses may lack the newest checkpoint even if the log does not grow.
    const newest = await newestCheckpoint(deps.db);
    if (newest) requestCosignatures(deps, newest);
  });
  app.addHook('onClose', async () => {
    const state = active.get(deps);
    if (!state) return;
    state.closed = true;
    for (const timer of state.timers) clearTimeout(timer);
    await Promise.all(state.queues.values());
    active.delete(deps);
  });
}

function submitWithRetries(
  deps: AppDeps,
  state: Witnessing,
  witness: ActiveWitness,
  checkpoint: StoredCheckpoint,
  attempt = 0,
): Promise<void> {
  if (state.closed) return Promise.resolve();
  return submitCheckpoint(deps, witness, checkpoint).then(
    (outcome) => {
      // The witness holds a larger size than this checkpoint: the log may have been rolled back.
      if (outcome === 'witness-is-ahead') {
        state.log.warn(
          { witness: witness.key.name, treeSize: checkpoint.treeSize },
          'witness holds a larger tree than this checkpoint',
        );
      }
    },
    (err: unknown) => {
      if (state.closed) return;
      const delay = RETRY_DELAYS_MS[attempt];
      state.log.warn(
        { witness: witness.key.name, treeSize: checkpoint.treeSize, err: (err as Error).message, retryInMs: delay ?? null },
        'witness did not cosign the checkpoint',
      );
      if (delay === undefined) return;
      const timer = setTimeout(() => {
        state.timers.delete(timer);
        enqueue(state, witness, () => submitWithRetries(deps, state, witness, checkpoint, attempt + 1));
      }, delay);
      timer.unref();
      state.timers.add(timer);
    },
  );
}

function enqueue(state: Witnessing, witness: ActiveWitness, task: () => Promise<void>): void {
  const previous = state.queues.get(witness.key.vkey) ?? Promise.resolve();
  const next = previous.then(task).catch((err: unknown) => state.log.error({ err }, 'witness submission failed'));
  state.queues.set(witness.key.vkey, next);
}

/** Starts asking every witness to cosign `checkpoint`; returns at once. */
export function requestCosignatures(deps: AppDeps, checkpoint: StoredCheckpoint): void {
  const state = active.get(deps);
  if (!state || state.closed || checkpoint.treeSize <= state.requestedSize) return;
  state.requestedSize = checkpoint.treeSize;
  for (const witness of state.witnesses) {
    enqueue(state, witness, () => submitWithRetries(deps, state, witness, checkpoint));
  }
}
