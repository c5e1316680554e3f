// E-mail verification (decision 0013): the submitter gets a link with a random token; the page it
// opens POSTs the token (decision 0053: mail scanners open links), which marks the address
// verified and re-scores the work. The address is not yet proven, so the e-mail may reach someone
// who never registered anything: it names only the registry ID and the site, no text the
// submitter wrote. Only the token's SHA-256 is stored, so a
// database leak does not hand out working links. The address is never shown publicly.
import type { FastifyBaseLogger } from 'fastify';
import { CONFIRM_PAGES } from '../../core/constants';
import { SITE_NAME } from '../../core/site';
import type { AppDeps } from '../deps';
import type { DB, Submission } from '../db/types';
import { MESSAGES } from '../../core/messages';
import { hashLinkToken } from '../mail/link-tokens';
import type { Transaction } from 'kysely';
import type { MailSender } from '../mail/mail-queue';
import type { LinkChecks } from '../link-proofs/link-checks';
import { findWorksByVerifyTokenHash, markEmailVerified } from './submissions-repository';
import { scoreStoredWork } from './rescore';
import type { TrustResult } from './trust';
import { ledgerTransaction } from '../works/ledger-transaction';

export const VERIFY_EMAIL_PATH = '/api/submissions/verify-email';

export const INVALID_VERIFY_LINK = MESSAGES.emailLinkInvalid;

export type MailLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** The e-mailed link's token: only its hash is stored (server/mail/link-tokens.ts). */
export { hashLinkToken as hashToken, newLinkToken as newVerifyToken } from '../mail/link-tokens';

/** The link in the e-mail: the confirmation page, whose button verifies. */
export function verifyLink(siteUrl: string, token: string): string {
  return `${siteUrl}${CONFIRM_PAGES.email}?token=${encodeURIComponent(token)}`;
}

function messageFor(work: { registry_id: string }, link: string, proofUrl: string) {
  const text = [
    `Thank you for registering the work ${work.registry_id} with ${SITE_NAME}.`,
    '',
    'Please confirm your e-mail address: open this page and press the button.',
    link,
    '',
    "A verified address raises the work's trust score. Your address is never shown publicly.",
    `Proof page: ${proofUrl}`,
    '',
    'If you did not submit this work, ignore this message.',
  ].join('\n');
  return { subject: `Confirm your e-mail for ${work.registry_id}`, text };
}

/**
 * Queues the message with the link of `token` (whose hash the registration stores with the work)
 * in the registration's transaction `trx` (decision 0058): the e-mail is sent if and only if the
 * work is registered, by the queue's mail job, retried while the SMTP server fails, and a slow or
 * failed SMTP server never delays or fails the registration. The caller wakes the mail worker
 * after the commit.
 */
export async function queueVerificationLink(
  deps: Pick<AppDeps, 'config'>,
  mail: MailSender,
  trx: Transaction<DB>,
  work: { id: string; registry_id: string; author_email: string },
  token: string,
): Promise<void> {
  const link = verifyLink(deps.config.siteUrl, token);
  const { subject, text } = messageFor(work, link, `${deps.config.siteUrl}/verify/${work.registry_id}`);
  // Development: no SMTP server, so the link also goes to the log when the job writes the outbox file.
  const context = { submission: work.id, ...(mail.kind === 'outbox' ? { link } : {}) };
  await mail.send({ to: work.author_email, subject, text }, { db: trx, key: `verify:${work.id}`, context });
}

/** The work's score recomputed with a verified e-mail, from the evidence as it stood when it was registered. */
export async function rescoreWithVerifiedEmail(deps: Pick<AppDeps, 'db' | 'config'>, work: Submission): Promise<TrustResult> {
  return scoreStoredWork(deps.db, deps.config.siteUrl, work, { emailVerified: true });
}

/**
 * Opens a verification link: the work's id (the first one for a batch's link, which confirms
 * every work of the batch), or null when the token is unknown or already used.
 */
export async function verifyEmailToken(
  deps: Pick<AppDeps, 'db' | 'now' | 'config'>,
  linkChecks: LinkChecks,
  token: string,
): Promise<{ id: string } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const hash = hashLinkToken(token);
  let first: { id: string } | null = null;
  for (const work of await findWorksByVerifyTokenHash(deps.db, hash)) {
    const trust = await rescoreWithVerifiedEmail(deps, work);
    // A confirmed address may now claim the artist name with a proven link: the check says.
    const verified = await ledgerTransaction(deps.db, async (trx) => {
      const marked = await markEmailVerified(trx, work.id, hash, trust, deps.now());
      if (marked) await linkChecks.queue(trx, work.id);
      return marked;
    });
    if (verified) first ??= { id: work.id };
  }
  if (first) linkChecks.wake();
  return first;
}
