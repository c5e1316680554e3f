// Disputes of a claimed artist name (issue 33, decision 0063). A person who says the name is
// theirs, or that its claimant is an impersonator, files one with the pages that prove who they
// are; it reaches the admins once the address opened the e-mailed link. An admin rejects it, or
// upholds it: the claim is released, or handed to the disputer's address when that address has
// itself proven a page for the name (the rule that claims a name, decision 0061); every work
// under the name is re-scored; each step is an audit row; the disputer is told by e-mail.
import type { Kysely, Transaction } from 'kysely';
import { appError, notFound } from '../../core/app-error';
import type { AdminClaimDispute, ClaimDisputeBody, ClaimDisputeDecisionBody } from '../../core/api/claim-disputes';
import { CLAIM_DISPUTE, CLAIM_DISPUTE_CONFIRM_PAGE } from '../../core/constants';
import { isUuid } from '../../core/ids';
import { claimDisputeConfirmationMail, claimDisputeOutcomeMail, MESSAGES } from '../../core/messages';
import { SITE_NAME } from '../../core/site';
import { auditedBy, writeAudit, type AuditActor } from '../audit/write-audit';
import type { DB } from '../db/types';
import type { AppDeps } from '../deps';
import type { JobKind } from '../jobs/job-queue';
import { periodicJob } from '../jobs/periodic';
import {
  artistKey,
  claimingProofsOf,
  claimName,
  findNameClaim,
  lockNameClaim,
  releaseNameClaim,
} from '../link-proofs/claims-repository';
import { artistPageUrl } from '../link-proofs/expected-links';
import { recordLinkProof } from '../link-proofs/link-proof-repository';
import { hashLinkToken, isLinkTokenShaped, newLinkToken } from '../mail/link-tokens';
import type { MailSender } from '../mail/mail-queue';
import {
  confirmDispute,
  deleteExpiredUnconfirmedDisputes,
  fileDispute,
  findDispute,
  lockDispute,
  touchWorksOfName,
  updateDispute,
} from './dispute-repository';
import { ledgerTransaction } from '../works/ledger-transaction';

export const CLAIM_DISPUTE_CONFIRM_PATH = '/api/claim-disputes/confirm';

/** The identity re-scoring job (server/submissions/identity-rescore-job.ts), given by app.ts: every live work under the name. */
export interface NameRescores {
  enqueue(db: Transaction<DB>, data: { artistName: string; afterSeq: number }): Promise<void>;
}

export interface DisputeLog {
  info(obj: object, msg: string): void;
}

const HOUR_MS = 60 * 60_000;

/**
 * Files a dispute of the claim on `artistName`. The answer is the same whether or not an e-mail
 * goes out: the address may already have an open dispute of the name, or have had its hourly
 * confirmation e-mails.
 */
export async function fileClaimDispute(
  deps: Pick<AppDeps, 'db' | 'config' | 'now'>,
  mailer: MailSender,
  log: DisputeLog,
  artistName: string,
  body: ClaimDisputeBody,
  requestIp: string,
): Promise<void> {
  const claim = await findNameClaim(deps.db, artistName);
  if (!claim)
    throw appError('conflict', MESSAGES.claimDisputeNameNotClaimed.description, { title: MESSAGES.claimDisputeNameNotClaimed.title });
  const confirm = newLinkToken();
  const now = deps.now();
  const email = body.email.toLowerCase();
  const link = `${deps.config.siteUrl}${CLAIM_DISPUTE_CONFIRM_PAGE}?token=${encodeURIComponent(confirm.token)}`;
  const outcome = await fileDispute(
    deps.db,
    {
      artist_key: artistKey(claim.artistName),
      artist_name: claim.artistName,
      claimant_email: claim.claimantEmail,
      disputer_email: email,
      proof_links: JSON.stringify([...new Set(body.links)]),
      explanation: body.explanation,
      request_ip: requestIp,
      confirm_hash: confirm.hash,
      created_at: now,
    },
    {
      capSince: new Date(now.getTime() - HOUR_MS),
      cap: CLAIM_DISPUTE.confirmationsPerAddressPerHour,
      unconfirmedOpenSince: linksIssuedAfter(now),
    },
    (trx) =>
      mailer.send({ to: email, ...claimDisputeConfirmationMail(SITE_NAME, link) }, { db: trx, context: { artist: claim.artistName } }),
  );
  if (outcome !== 'send') return;
  mailer.wake();
  log.info({ artist: claim.artistName }, 'claim dispute filed; confirmation e-mail queued');
}

/** Confirms the dispute a link belongs to: its id, or null for a bad, used or expired link. */
export async function confirmClaimDispute(deps: Pick<AppDeps, 'db' | 'now'>, token: string): Promise<string | null> {
  if (!isLinkTokenShaped(token)) return null;
  const now = deps.now();
  return confirmDispute(deps.db, hashLinkToken(token), now, linksIssuedAfter(now));
}

/** Disputes filed after this time have links that still work (CLAIM_DISPUTE.confirmLinkHours). */
function linksIssuedAfter(now: Date): Date {
  return new Date(now.getTime() - CLAIM_DISPUTE.confirmLinkHours * HOUR_MS);
}

/** Unconfirmed disputes whose links expired are deleted hourly, by a scheduled job of the queue. */
export function disputeCleanupJob(deps: Pick<AppDeps, 'db' | 'now'>): JobKind<object> {
  return periodicJob('dispute-cleanup', '19 * * * *', async () => {
    await deleteExpiredUnconfirmedDisputes(deps.db, linksIssuedAfter(deps.now()));
  });
}

export interface DecisionContext {
  admin: AuditActor;
  now: Date;
  meta: { ip: string | null; user_agent: string | null };
}

const decisionFields = (d: {
  status: string;
  outcome: string | null;
  admin_notes: string | null;
  processed_by: string | null;
  processed_at: Date | null;
}) => ({
  status: d.status,
  outcome: d.outcome,
  admin_notes: d.admin_notes,
  processed_by: d.processed_by,
  processed_at: d.processed_at,
});

/**
 * Upholding: the claim leaves its claimant. When the disputer's confirmed address has proven a
 * page with rel="me" on a work under the name, the name is claimed for it, with those pages as its
 * proven identities; otherwise it is unclaimed. Returns what happened.
 */
async function upholdClaim(
  trx: Transaction<DB>,
  dispute: { artist_name: string; disputer_email: string; admin_notes: string | null },
  ctx: DecisionContext,
  reason: string,
): Promise<'released' | 'transferred'> {
  const claim = await lockNameClaim(trx, dispute.artist_name);
  const proofs = await claimingProofsOf(trx, dispute.artist_name, dispute.disputer_email);
  const audit = {
    table_name: 'artist_claims',
    record_id: artistKey(dispute.artist_name),
    reason,
    ...auditedBy(ctx),
  };
  const before = claim && {
    artist_name: claim.artist_name,
    claimant_email: claim.claimant_email,
    claimed_at: claim.claimed_at,
    claimed_by: claim.claimed_by,
  };
  // Already the disputer's (another dispute handed it over): nothing to move.
  if (claim && claim.claimant_email === dispute.disputer_email) return 'transferred';
  if (claim) await releaseNameClaim(trx, dispute.artist_name);
  if (proofs.length === 0) {
    if (before) await writeAudit(trx, { ...audit, action_type: 'DELETE', old_values: before });
    return 'released';
  }
  const name = claim?.artist_name ?? dispute.artist_name;
  await claimName(trx, { artistName: name, email: dispute.disputer_email, at: ctx.now, submissionId: proofs[0].submissionId });
  for (const proof of proofs)
    await recordLinkProof(trx, { artistName: artistKey(name) }, proof.url, {
      state: 'proven',
      method: 'rel_me',
      checkedAt: proof.provenAt,
    });
  const after = { artist_name: name, claimant_email: dispute.disputer_email, claimed_at: ctx.now, claimed_by: proofs[0].submissionId };
  await writeAudit(trx, { ...audit, action_type: before ? 'UPDATE' : 'CREATE', old_values: before ?? null, new_values: after });
  return 'transferred';
}

export async function decideClaimDispute(
  deps: Pick<AppDeps, 'db' | 'config'>,
  rescores: NameRescores,
  mailer: MailSender,
  id: string,
  body: ClaimDisputeDecisionBody,
  ctx: DecisionContext,
): Promise<AdminClaimDispute> {
  const notFoundError = () => notFound(MESSAGES.claimDisputeNotFound.description);
  if (!isUuid(id)) throw notFoundError();
  const decided = await ledgerTransaction(deps.db as Kysely<DB>, async (trx) => {
    const current = await lockDispute(trx, id);
    // An unconfirmed dispute does not exist for admins.
    if (!current || current.status === 'unconfirmed') throw notFoundError();
    if (current.status !== 'pending')
      throw appError('already_processed', MESSAGES.claimDisputeAlreadyDecided.description, {
        title: MESSAGES.claimDisputeAlreadyDecided.title,
      });

    let outcome: 'released' | 'transferred' | null = null;
    if (body.decision === 'upheld') {
      outcome = await upholdClaim(trx, current, ctx, body.admin_notes);
      // The artist page and every work under the name change with the claim: each is re-scored
      // (the former claimant's works lose their identity signals, the others lose the cap of a
      // name claimed by someone else), in batches by the identity-rescore job.
      await touchWorksOfName(trx, current.artist_key, ctx.now);
      await rescores.enqueue(trx, { artistName: current.artist_name, afterSeq: 0 });
    }
    const next = {
      status: body.decision,
      outcome,
      admin_notes: body.admin_notes,
      processed_by: ctx.admin.email,
      processed_at: ctx.now,
    };
    await updateDispute(trx, id, next);
    await writeAudit(trx, {
      table_name: 'claim_disputes',
      record_id: id,
      action_type: 'UPDATE',
      reason: body.admin_notes,
      old_values: decisionFields(current),
      new_values: next,
      ...auditedBy(ctx),
    });
    const mail = claimDisputeOutcomeMail(
      SITE_NAME,
      current.artist_name,
      artistPageUrl(deps.config.siteUrl, current.artist_name),
      outcome ?? 'rejected',
    );
    await mailer.send(
      { to: current.disputer_email, ...mail },
      { db: trx, key: `claim-dispute-decision:${id}`, context: { dispute: id } },
    );
    return (await findDispute(trx, id))!;
  });
  mailer.wake();
  return decided;
}
