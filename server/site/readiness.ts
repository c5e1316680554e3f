// Readiness for a load balancer (GET /api/ready): this process should get new requests only
// while its database and object store answer and it is not shutting down. Liveness
// (/api/health) stays separate: a process that is draining is alive but not ready.
import type { FastifyBaseLogger } from 'fastify';
import { NOT_READY_REASONS } from '../../core/api-error-texts';
import { pingDatabase } from '../db/health-repository';
import type { AppDeps } from '../deps';

/** Each dependency gets this long to answer; a hung one makes the process unready, not the check. */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

export type CheckState = 'ok' | 'unreachable';

export interface Readiness {
  ready: boolean;
  draining: boolean;
  database: CheckState;
  store: CheckState;
  /** One sentence per reason the process is not ready; empty when ready. */
  reasons: string[];
}

const draining = new WeakSet<AppDeps>();

/** From now on the process reports itself not ready (called on SIGTERM / SIGINT). */
export function startDraining(deps: AppDeps): void {
  draining.add(deps);
}

export function isDraining(deps: AppDeps): boolean {
  return draining.has(deps);
}

async function check(name: string, probe: () => Promise<unknown>, log: FastifyBaseLogger): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READINESS_CHECK_TIMEOUT_MS} ms`)), READINESS_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch (err) {
    // The reason goes to the server log only: it may name internal hosts and addresses.
    log.warn({ err }, `readiness: ${name} unreachable`);
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

export async function readiness(deps: AppDeps, log: FastifyBaseLogger): Promise<Readiness> {
  const isDrainingNow = isDraining(deps);
  const [database, store] = await Promise.all([
    check('database', () => pingDatabase(deps.db), log),
    check('object store', () => deps.store.checkReachable(), log),
  ]);
  const reasons = [
    ...(isDrainingNow ? [NOT_READY_REASONS.draining] : []),
    ...(database === 'ok' ? [] : [NOT_READY_REASONS.database]),
    ...(store === 'ok' ? [] : [NOT_READY_REASONS.store]),
  ];
  return { ready: reasons.length === 0, draining: isDrainingNow, database, store, reasons };
}
