// The check of one domain proof (issue 33, decision 0062), a job of the durable queue: the TXT
// record and the file are looked at outside any request, the state stored, an unclaimed name
// claimed by the identity that proved the domain, and, when the state changed, every work of the
// identity re-scored (identity-rescore) with a line in its history and an audit row. Queued when
// the artist starts a proof or presses "Check again", and by the hourly re-check.
import type { AppDeps } from '../deps';
import type { Fetcher } from '../fetcher/fetcher';
import type { JobLog, JobQueue } from '../jobs/job-queue';
import { checkDomainProof } from '../link-proofs/check-domain-proof';
import { claimName } from '../link-proofs/claims-repository';
import type { DomainChecks } from '../link-proofs/domain-checks';
import { findDomainProof, lockDomainProof, recordDomainCheck } from '../link-proofs/domain-proof-repository';
import type { TxtLookup } from '../link-proofs/txt-lookup';
import type { IdentityRescores } from './identity-rescore-job';
import { findLiveWork } from './rescore-repository';

export const DOMAIN_CHECK_JOB = 'domain-check';

interface DomainCheckData {
  domainProofId: string;
}

export type DomainCheckDeps = Pick<AppDeps, 'db' | 'config' | 'now'> & {
  fetcher: Pick<Fetcher, 'fetchPage' | 'checkAddress'>;
  lookupTxt: TxtLookup;
};

export async function checkDomain(deps: DomainCheckDeps, identity: IdentityRescores, domainProofId: string): Promise<void> {
  const proof = await findDomainProof(deps.db, domainProofId);
  if (!proof) return;
  const check = await checkDomainProof(proof.domain, proof.token, {
    fetcher: deps.fetcher,
    lookupTxt: deps.lookupTxt,
    testHttpPort: deps.config.domainProofTestHttpPort,
    now: deps.now,
  });
  await deps.db.transaction().execute(async (trx) => {
    const current = await lockDomainProof(trx, domainProofId);
    if (!current) return;
    await recordDomainCheck(trx, current, check);
    const gained = check.state === 'proven' && current.state !== 'proven';
    const lost = check.state !== 'proven' && current.state === 'proven';
    if (!gained && !lost) return;
    // The name as its artist wrote it, from the work the proof was started on.
    const work = current.submissionId ? await findLiveWork(trx, current.submissionId, false) : undefined;
    const artistName = work?.artist_name ?? current.artistKey;
    // The manage page's session proved the address (its link was mailed there): a proven domain
    // claims an unclaimed name as a rel="me" link does (decision 0061).
    if (gained && work) await claimName(trx, { artistName, email: current.ownerEmail, at: deps.now(), submissionId: work.id });
    await identity.enqueue(trx, {
      artistName,
      email: current.ownerEmail,
      afterSeq: 0,
      cause: gained ? { domains_proven: 1 } : { domains_lost: 1 },
    });
  });
}

export function defineDomainCheckJob(queue: JobQueue, deps: DomainCheckDeps, identity: IdentityRescores, log: JobLog): DomainChecks {
  queue.define<DomainCheckData>({
    name: DOMAIN_CHECK_JOB,
    policy: 'stately',
    // A database error is worth a retry; a missing record is an answer, not a failure.
    retry: { limit: 5, delaySeconds: 30, backoff: true },
    expireInSeconds: 2 * 60,
    async run(data, job) {
      await checkDomain(deps, identity, data.domainProofId);
      log.info({ job: job.id, domainProof: data.domainProofId }, 'domain checked');
    },
  });
  return {
    async queue(db, domainProofId) {
      await queue.enqueue(db, DOMAIN_CHECK_JOB, { domainProofId } satisfies DomainCheckData, { singletonKey: domainProofId });
    },
    wake: () => queue.wake(DOMAIN_CHECK_JOB),
  };
}
