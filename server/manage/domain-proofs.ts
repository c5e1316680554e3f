// Domain proofs on the manage page (issue 33, decision 0062): the signed-in address proves a
// domain for the artist name of one of its works. The identity is that name and this address;
// each domain gets its own random token, which the answer shows with where to put it. Checks run
// in the background (the domain-check job); nothing here looks anything up.
import { notFound, conflict, validationFailed } from '../../core/app-error';
import {
  DOMAIN_PROOFS_PER_IDENTITY,
  domainProofReasonText,
  domainProofTxtName,
  domainProofValue,
  normaliseDomain,
  type DomainProof,
  type DomainProofs,
} from '../../core/api/domain-proofs';
import { MESSAGES } from '../../core/messages';
import type { AppDeps } from '../deps';
import type { Submission } from '../db/types';
import { domainFileUrl } from '../link-proofs/check-domain-proof';
import type { DomainChecks } from '../link-proofs/domain-checks';
import { domainProofsOf, startDomainProof, type DomainIdentity, type DomainProofRow } from '../link-proofs/domain-proof-repository';
import { findOwnLiveWork } from './manage-repository';

type Deps = Pick<AppDeps, 'db' | 'config' | 'now'>;

function toDomainProof(row: DomainProofRow, testHttpPort: number | null): DomainProof {
  return {
    domain: row.domain,
    state: row.state,
    method: row.method,
    reason: row.state === 'not_proven' && row.reason ? domainProofReasonText(row.reason) : null,
    checked_at: row.checkedAt ? row.checkedAt.toISOString() : null,
    proven_at: row.provenAt ? row.provenAt.toISOString() : null,
    txt_name: domainProofTxtName(row.domain),
    file_url: domainFileUrl(row.domain, testHttpPort),
    value: domainProofValue(row.token),
  };
}

async function identityOf(deps: Deps, email: string, workId: string): Promise<{ work: Submission; identity: DomainIdentity }> {
  const work = await findOwnLiveWork(deps.db, email, workId);
  if (!work) throw notFound(MESSAGES.manageWorkNotFound.description);
  return { work, identity: { artistName: work.artist_name, email } };
}

async function answer(deps: Deps, identity: DomainIdentity): Promise<DomainProofs> {
  const rows = await domainProofsOf(deps.db, identity);
  return { domain_proofs: rows.map((r) => toDomainProof(r, deps.config.domainProofTestHttpPort)) };
}

export async function listDomainProofs(deps: Deps, email: string, workId: string): Promise<DomainProofs> {
  return answer(deps, (await identityOf(deps, email, workId)).identity);
}

/** Starts proving `rawDomain` (or finds the proof already started) and queues its first check. */
export async function proveDomain(deps: Deps, checks: DomainChecks, email: string, workId: string, rawDomain: string) {
  const domain = normaliseDomain(rawDomain);
  if (!domain)
    throw validationFailed(
      MESSAGES.domainProofInvalid.description,
      { domain: MESSAGES.domainProofInvalid.description },
      MESSAGES.domainProofInvalid.title,
    );
  const { work, identity } = await identityOf(deps, email, workId);
  await deps.db.transaction().execute(async (trx) => {
    const existing = await domainProofsOf(trx, identity);
    if (!existing.some((p) => p.domain === domain) && existing.length >= DOMAIN_PROOFS_PER_IDENTITY)
      throw conflict(MESSAGES.domainProofTooMany.description);
    const proof = await startDomainProof(trx, identity, domain, work.id, deps.now());
    await checks.queue(trx, proof.id);
  });
  checks.wake();
  return answer(deps, identity);
}

/** "Check again": queues a check of each of the identity's domains (one job per proof at a time). */
export async function checkDomainsAgain(deps: Deps, checks: DomainChecks, email: string, workId: string) {
  const { identity } = await identityOf(deps, email, workId);
  await deps.db.transaction().execute(async (trx) => {
    for (const proof of await domainProofsOf(trx, identity)) await checks.queue(trx, proof.id);
  });
  checks.wake();
  return answer(deps, identity);
}
