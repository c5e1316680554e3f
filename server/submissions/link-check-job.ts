// The link check of one work (issue 33, decision 0061), a job of the durable queue: each of the
// work's links is fetched by the guarded fetcher and proven when the page links back here; the
// states are stored (link_proofs), a confirmed address whose page proved a link with rel="me"
// claims the artist name if nobody did, and the work is re-scored from what is proven now. A
// change of state is a line in the work's public history. Queued at registration, on an edit of
// the links, on an e-mail confirmation, by "Check again" and by the periodic re-check.
import type { Kysely } from 'kysely';
import type { AppDeps } from '../deps';
import type { DB, Submission } from '../db/types';
import type { Fetcher } from '../fetcher/fetcher';
import { BACKGROUND_MAX_WAIT_MS } from '../../core/background-work';
import type { JobLog, JobQueue } from '../jobs/job-queue';
import { checkLinkProof, type LinkProofState } from '../link-proofs/check-link-proof';
import { artistKey, claimName, findNameClaim } from '../link-proofs/claims-repository';
import { expectedForWork } from '../link-proofs/expected-links';
import type { LinkChecks } from '../link-proofs/link-checks';
import { forgetOtherLinks, linkProofsOf, recordLinkProof } from '../link-proofs/link-proof-repository';
import { linksToCheck } from '../link-proofs/work-links';
import { queueIdentityRescore, type IdentityRescores } from './identity-rescore-job';
import { shareFingerprintMemory } from '../works/fingerprint-memory';
import { scoreStoredWork } from './rescore';
import { findLiveWork, touchWorks } from './rescore-repository';
import { storeRescoredTrust } from './stored-trust';
import { ledgerTransaction } from '../works/ledger-transaction';

export const LINK_CHECK_JOB = 'link-check';

interface LinkCheckData {
  submissionId: string;
}

type CheckDeps = Pick<AppDeps, 'db' | 'config' | 'now'> & { fetcher: Pick<Fetcher, 'fetchPage'> };

interface LinkCheck {
  url: string;
  proof: LinkProofState;
}

/** The claimant's proven rel="me" links are the name's proven identities (the artist page's list). */
async function mirrorIdentityLinks(db: Kysely<DB>, work: Submission, checks: readonly LinkCheck[]): Promise<void> {
  const subject = { artistName: artistKey(work.artist_name) };
  const known = new Set((await linkProofsOf(db, subject)).map((p) => p.url));
  for (const check of checks) {
    const identity = check.proof.state === 'proven' && check.proof.method === 'rel_me';
    // A page that stopped linking back stops being a proven identity; other links never become one.
    if (identity || known.has(check.url)) await recordLinkProof(db, subject, check.url, check.proof);
  }
}

/** Stores the checks, claims the name when it can, and re-scores the work, in one transaction. */
async function recordChecks(deps: CheckDeps, identity: IdentityRescores, submissionId: string, checks: LinkCheck[]): Promise<void> {
  await ledgerTransaction(deps.db, async (trx) => {
    // The work may have changed while its pages were fetched: only links it still has are kept.
    const work = await findLiveWork(trx, submissionId, true);
    if (!work) return;
    const current = new Set(linksToCheck(work.verification_resources));
    const kept = checks.filter((c) => current.has(c.url));
    const before = new Map((await linkProofsOf(trx, { submissionId })).map((p) => [p.url, p.proof.state]));
    let proven = 0;
    let lost = 0;
    for (const check of kept) {
      const was = before.get(check.url);
      if (check.proof.state === 'proven' && was !== 'proven') proven += 1;
      if (check.proof.state !== 'proven' && was === 'proven') lost += 1;
      await recordLinkProof(trx, { submissionId }, check.url, check.proof);
    }
    await forgetOtherLinks(trx, submissionId, [...current]);

    const now = deps.now();
    // Unclaimed, only a link to this work's own proof page proves anything (expectedForWork): a
    // rel="me" link to it is a page of this address's owner, and claims the name.
    const provedByRelMe = kept.some((c) => c.proof.state === 'proven' && c.proof.method === 'rel_me');
    const claimedNow =
      provedByRelMe && work.email_verified_at !== null
        ? await claimName(trx, { artistName: work.artist_name, email: work.author_email, at: now, submissionId })
        : false;
    const claim = await findNameClaim(trx, work.artist_name);
    if (claim && claim.claimantEmail === work.author_email.toLowerCase()) await mirrorIdentityLinks(trx, work, kept);

    // The score reads which links are proven (and the claim), nothing else a check finds: when
    // neither changed, as for most first checks, re-scoring would store the same score again.
    if (!claimedNow && proven === 0 && lost === 0) return;
    await touchWorks(trx, [submissionId], now);
    const trust = await scoreStoredWork(shareFingerprintMemory(trx, deps.db), deps.config.siteUrl, work);
    await storeRescoredTrust(
      trx,
      work,
      trust,
      { ...(proven > 0 && { links_proven: proven }), ...(lost > 0 && { links_lost: lost }) },
      now,
    );
    // The claimant's other works now count for each other: each is re-scored, in batches.
    if (claimedNow) await queueIdentityRescore(identity, trx, { artistName: work.artist_name, email: work.author_email, afterSeq: 0 });
  });
}

export async function checkWorkLinks(deps: CheckDeps, identity: IdentityRescores, submissionId: string): Promise<void> {
  const work = await findLiveWork(deps.db, submissionId, false);
  if (!work) return;
  const claim = await findNameClaim(deps.db, work.artist_name);
  const byClaimant = claim?.claimantEmail === work.author_email.toLowerCase();
  const expected = expectedForWork(
    deps.config.siteUrl,
    { id: work.id, registryId: work.registry_id, artistName: work.artist_name },
    byClaimant,
  );
  const checks: LinkCheck[] = [];
  // One after another: the fetcher also bounds fetches per host and per process.
  for (const url of linksToCheck(work.verification_resources))
    checks.push({ url, proof: await checkLinkProof(url, expected, { fetcher: deps.fetcher, now: deps.now }) });
  await recordChecks(deps, identity, submissionId, checks);
}

export function defineLinkCheckJob(queue: JobQueue, deps: CheckDeps, identity: IdentityRescores, log: JobLog): LinkChecks {
  queue.define<LinkCheckData>({
    name: LINK_CHECK_JOB,
    policy: 'stately',
    // A database error is worth a retry; an unreachable page is an answer, not a failure.
    retry: { limit: 5, delaySeconds: 30, backoff: true },
    // Checked after the registrations under way (decision 0074).
    yieldsToRegistrations: { maxWaitMs: BACKGROUND_MAX_WAIT_MS.linkCheck },
    // The wait for a quiet moment (two minutes at most), then twenty links at five seconds each at
    // most, with room for the database.
    expireInSeconds: 5 * 60,
    async run(data, job) {
      await checkWorkLinks(deps, identity, data.submissionId);
      log.info({ job: job.id, submission: data.submissionId }, 'links checked');
    },
  });
  return {
    async queue(db, submissionId) {
      await queue.enqueue(db, LINK_CHECK_JOB, { submissionId } satisfies LinkCheckData, { singletonKey: submissionId });
    },
    wake: () => queue.wake(LINK_CHECK_JOB),
  };
}
