// The hourly re-check of domain proofs (decision 0062): a domain whose record or file is gone
// must lose its points, so each hour the proofs checked longest ago (more than a week, as links)
// are checked again, a bounded number per hour.
import { LINK_PROOF_LIMITS } from '../../core/link-proof-limits';
import type { AppDeps } from '../deps';
import type { JobKind } from '../jobs/job-queue';
import { periodicJob } from '../jobs/periodic';
import type { DomainChecks } from '../link-proofs/domain-checks';
import { domainProofsDue } from '../link-proofs/domain-proof-repository';

export const DOMAIN_RECHECK_JOB = 'domain-recheck';

/** Queues the checks of the proofs due now; the periodic job's work, callable alone. */
export async function queueDueDomainChecks(deps: Pick<AppDeps, 'db' | 'now'>, checks: DomainChecks): Promise<number> {
  const due = new Date(deps.now().getTime() - LINK_PROOF_LIMITS.recheckAfterDays * 24 * 60 * 60 * 1000);
  const ids = await domainProofsDue(deps.db, due, LINK_PROOF_LIMITS.recheckBatch);
  if (ids.length === 0) return 0;
  await deps.db.transaction().execute(async (trx) => {
    for (const id of ids) await checks.queue(trx, id);
  });
  checks.wake();
  return ids.length;
}

export function domainRecheckJob(deps: Pick<AppDeps, 'db' | 'now'>, checks: DomainChecks): JobKind<object> {
  return periodicJob(DOMAIN_RECHECK_JOB, '27 * * * *', async () => {
    await queueDueDomainChecks(deps, checks);
  });
}
