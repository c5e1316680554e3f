// Watching a work: a request sends a confirmation link to the address (so nobody can sign up
// someone else), the link starts the watch, and every alert e-mail carries a one-click
// unsubscribe link. The answer to a request is the same whether or not the address already
// watches the work.
import { notFound } from '../../core/app-error';
import { SITE_NAME } from '../../core/site';
import type { AppDeps } from '../deps';
import { hashLinkToken, isLinkTokenShaped, newLinkToken } from '../mail/link-tokens';
import type { MailSender } from '../mail/mail-queue';
import { findPublicWork } from '../works/works-repository';
import { confirmWatch, deleteWatchByUnsubscribeHash, upsertPendingWatch } from './watch-repository';

export const WATCH_CONFIRM_PATH = '/api/watch/confirm';
export const WATCH_UNSUBSCRIBE_PATH = '/api/watch/unsubscribe';

export interface WatchLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const linkTo = (siteUrl: string, path: string, token: string) => `${siteUrl}${path}?token=${encodeURIComponent(token)}`;

export async function requestWatch(
  deps: Pick<AppDeps, 'db' | 'config' | 'now'>,
  mailer: MailSender,
  log: WatchLog,
  ref: string,
  email: string,
): Promise<void> {
  const work = await findPublicWork(deps.db, ref);
  if (!work) throw notFound("This Registry ID doesn't exist or the submission is private.");
  const confirm = newLinkToken();
  const unsubscribe = newLinkToken();
  const { confirmed } = await upsertPendingWatch(deps.db, {
    submissionId: work.id,
    email,
    confirmHash: confirm.hash,
    unsubscribeHash: unsubscribe.hash,
    at: deps.now(),
  });
  if (confirmed) return; // already watching: nothing to confirm, and the answer says nothing more
  const { siteUrl } = deps.config;
  const text = [
    `Someone (we hope you) asked ${SITE_NAME} to tell this address when a copy of "${work.title}" (${work.registry_id}) is registered:`,
    `${siteUrl}/verify/${work.id}`,
    '',
    'To start watching it, open this link:',
    linkTo(siteUrl, WATCH_CONFIRM_PATH, confirm.token),
    '',
    'If you did not ask for this, ignore this message: nothing will be sent to you.',
  ].join('\n');
  mailer.send({ to: email, subject: `Confirm: watch ${work.registry_id} on ${SITE_NAME}`, text }).then(
    () => log.info({ submission: work.id }, 'watch confirmation e-mail queued'),
    (err: unknown) => log.error({ err, submission: work.id }, 'could not queue the watch confirmation e-mail'),
  );
}

/** Starts the watch a confirmation link belongs to: the watched work's id, or null for a bad or used link. */
export async function confirmWatchLink(deps: Pick<AppDeps, 'db' | 'now'>, token: string): Promise<string | null> {
  if (!isLinkTokenShaped(token)) return null;
  const confirmed = await confirmWatch(deps.db, hashLinkToken(token), deps.now());
  return confirmed?.submission_id ?? null;
}

/** Ends the watch an unsubscribe link belongs to; false when it was already ended or never existed. */
export async function unsubscribeLink(deps: Pick<AppDeps, 'db'>, token: string): Promise<boolean> {
  if (!isLinkTokenShaped(token)) return false;
  return deleteWatchByUnsubscribeHash(deps.db, hashLinkToken(token));
}
