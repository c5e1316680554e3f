// Watching a work: a request sends a confirmation link to the address (so nobody can sign up
// someone else), the page that link opens starts the watch by a POST, and every alert e-mail
// carries a one-click unsubscribe link. The answer to a request is the same whether or not the
// address already watches the work, and whether or not an e-mail goes out.
//
// Anyone can make the registry mail any address this way, so the confirmation carries no text a
// stranger chose (decision 0053): the registry ID and the site only, never the work's title. One
// pending confirmation per work and address, and WATCH.confirmationsPerAddressPerHour e-mails an
// hour to one address, whoever asks.
import { notFound } from '../../core/app-error';
import { MESSAGES } from '../../core/messages';
import { CONFIRM_PAGES, WATCH } from '../../core/constants';
import { SITE_NAME } from '../../core/site';
import type { AppDeps } from '../deps';
import { hashLinkToken, isLinkTokenShaped, newLinkToken } from '../mail/link-tokens';
import type { MailSender } from '../mail/mail-queue';
import { findPublicWork } from '../works/works-repository';
import { confirmWatch, deleteWatchByUnsubscribeHash, recordWatchRequest } from './watch-repository';

export const WATCH_CONFIRM_PATH = '/api/watch/confirm';
export const WATCH_UNSUBSCRIBE_PATH = '/api/watch/unsubscribe';

export interface WatchLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const linkTo = (siteUrl: string, path: string, token: string) => `${siteUrl}${path}?token=${encodeURIComponent(token)}`;

const HOUR_MS = 60 * 60_000;

/** The confirmation e-mail: the registry ID, the site and the link, nothing anyone else wrote. */
export function watchConfirmationMessage(siteUrl: string, registryId: string, token: string) {
  const text = [
    `Someone (we hope you) asked ${SITE_NAME} to e-mail this address when a copy of the registered work ${registryId} is registered:`,
    `${siteUrl}/verify/${registryId}`,
    '',
    'To start watching it, open this page and press the button:',
    linkTo(siteUrl, CONFIRM_PAGES.watch, token),
    '',
    'If you did not ask for this, ignore this message: nothing will be sent to you.',
  ].join('\n');
  return { subject: `Confirm: watch ${registryId} on ${SITE_NAME}`, text };
}

export async function requestWatch(
  deps: Pick<AppDeps, 'db' | 'config' | 'now'>,
  mailer: MailSender,
  log: WatchLog,
  ref: string,
  email: string,
): Promise<void> {
  const work = await findPublicWork(deps.db, ref);
  if (!work) throw notFound(MESSAGES.submissionNotFound.description);
  const confirm = newLinkToken();
  const now = deps.now();
  const { subject, text } = watchConfirmationMessage(deps.config.siteUrl, work.registry_id, confirm.token);
  const outcome = await recordWatchRequest(
    deps.db,
    { submissionId: work.id, email, confirmHash: confirm.hash, unsubscribeHash: newLinkToken().hash, at: now },
    {
      resendBefore: new Date(now.getTime() - WATCH.pendingConfirmationHours * HOUR_MS),
      capSince: new Date(now.getTime() - HOUR_MS),
      cap: WATCH.confirmationsPerAddressPerHour,
    },
    // Queued in the transaction that locks the address and records the e-mail (decision 0058):
    // the job exists if and only if the cap counted it.
    (trx) => mailer.send({ to: email, subject, text }, { db: trx, context: { submission: work.id } }),
  );
  // Already watching, a confirmation already on its way, or the address's hourly cap reached:
  // no e-mail, and the answer says nothing more.
  if (outcome !== 'send') return;
  mailer.wake();
  log.info({ submission: work.id }, 'watch confirmation e-mail queued');
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
