// The periodic re-check (issue 33): a proven link that stops linking back must lose its points,
// so each hour the links checked longest ago (more than a week) get their works checked again,
// a bounded number per hour whatever the ledger's size (the index of migration 026).
import { LINK_PROOF_LIMITS } from '../../core/link-proof-limits';
import type { AppDeps } from '../deps';
import type { JobKind } from '../jobs/job-queue';
import { periodicJob } from '../jobs/periodic';
import { worksDueForRecheck } from './rescore-repository';
import type { LinkChecks } from '../link-proofs/link-checks';

export const LINK_RECHECK_JOB = 'link-recheck';

export function linkRecheckJob(deps: Pick<AppDeps, 'db' | 'now'>, checks: LinkChecks): JobKind<object> {
  return periodicJob(LINK_RECHECK_JOB, '23 * * * *', async () => {
    const due = new Date(deps.now().getTime() - LINK_PROOF_LIMITS.recheckAfterDays * 24 * 60 * 60 * 1000);
    const works = await worksDueForRecheck(deps.db, due, LINK_PROOF_LIMITS.recheckBatch);
    if (works.length === 0) return;
    await deps.db.transaction().execute(async (trx) => {
      for (const id of works) await checks.queue(trx, id);
    });
    checks.wake();
  });
}
