// The e-mailed link (issue 18): asked for on any proof page, sent to the address only when works
// are registered with it, and opened once for a short session. The answer to a request is the
// same, and as fast, whether or not the address has works (the look-up runs after it), so nobody
// can learn which addresses are registered.
import { appError } from '../../core/app-error';
import { MANAGE, MANAGE_PATH } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import { SITE_NAME } from '../../core/site';
import type { AppDeps } from '../deps';
import type { MailSender } from '../mail/mail-queue';
import {
  countLinksSince,
  deleteManageSession,
  findSessionEmail,
  hasWorksForEmail,
  insertManageLink,
  insertManageSession,
  useManageLink,
  withAddressLock,
} from './manage-repository';
import { hashToken, newToken, normaliseEmail, TOKEN_PATTERN } from './tokens';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export interface LinkLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

function manageLink(siteUrl: string, token: string): string {
  return `${siteUrl}${MANAGE_PATH}?token=${encodeURIComponent(token)}`;
}

function linkMessage(link: string) {
  const text = [
    `Someone (we hope you) asked to manage the works registered with this address on ${SITE_NAME}.`,
    '',
    `Open this link within ${MANAGE.linkMinutes} minutes; it works once:`,
    link,
    '',
    'If you did not ask for it, ignore this message: nothing changes without the link.',
  ].join('\n');
  return { subject: `Manage your works on ${SITE_NAME}`, text };
}

/**
 * The deferred work of a manage-link request, run after the answer (server/http/after-answer.ts):
 * queues a link e-mail on the job queue when the address has works and has not had too many links
 * this hour. The request itself reads nothing about the address, so
 * it does the same work in the same time whether or not the address is registered; only this
 * function differs, and nobody waits for it.
 */
export async function deliverManageLink(
  deps: Pick<AppDeps, 'db' | 'config' | 'now'>,
  mailer: MailSender,
  log: LinkLog,
  rawEmail: string,
) {
  const email = normaliseEmail(rawEmail);
  const now = deps.now();
  // Deferred work of several requests runs at once: the address's lock keeps the cap exact. The
  // e-mail is queued in the transaction that decides the cap (decision 0058): the link and its mail
  // job commit together, and the queue's mail job sends it and retries while the SMTP server fails.
  const queued = await withAddressLock(deps.db, email, async (db) => {
    if (!(await hasWorksForEmail(db, email))) return false;
    if ((await countLinksSince(db, email, new Date(now.getTime() - HOUR_MS))) >= MANAGE.linksPerAddressPerHour) return false;
    const { token, hash } = newToken();
    await insertManageLink(db, { tokenHash: hash, email, now, expiresAt: new Date(now.getTime() + MANAGE.linkMinutes * MINUTE_MS) });
    const { subject, text } = linkMessage(manageLink(deps.config.siteUrl, token));
    await mailer.send({ to: email, subject, text }, { db });
    return true;
  });
  if (!queued) return;
  mailer.wake();
  // The address is never logged; in development the outbox file holds the link.
  log.info({}, 'manage link e-mail queued');
}

const refused = (message: { title: string; description: string }) =>
  appError('invalid_token', message.description, { title: message.title, fields: { token: message.description } });

/** Opens a link once: a new session's token, or a clear refusal (unknown, used, expired). */
export async function openManageLink(
  deps: Pick<AppDeps, 'db' | 'now'>,
  token: string,
): Promise<{ sessionToken: string; email: string; expiresAt: Date }> {
  if (!TOKEN_PATTERN.test(token)) throw refused(MESSAGES.manageLinkInvalid);
  const now = deps.now();
  const link = await useManageLink(deps.db, hashToken(token), now);
  if (!link) throw refused(MESSAGES.manageLinkInvalid);
  if (link.used_at) throw refused(MESSAGES.manageLinkUsed);
  if (new Date(link.expires_at) <= now) throw refused(MESSAGES.manageLinkExpired);
  const session = newToken();
  const expiresAt = new Date(now.getTime() + MANAGE.sessionMinutes * MINUTE_MS);
  await insertManageSession(deps.db, { tokenHash: session.hash, email: link.email, now, expiresAt });
  return { sessionToken: session.token, email: link.email, expiresAt };
}

/** The address a session cookie stands for; a 401 with a clear message when there is none. */
export async function sessionEmail(deps: Pick<AppDeps, 'db' | 'now'>, cookie: string | undefined): Promise<string> {
  const email = cookie && TOKEN_PATTERN.test(cookie) ? await findSessionEmail(deps.db, hashToken(cookie), deps.now()) : undefined;
  if (!email) {
    const { title, description } = MESSAGES.manageSessionRequired;
    throw appError('unauthorized', description, { title });
  }
  return email;
}

export async function endManageSession(deps: Pick<AppDeps, 'db'>, cookie: string | undefined): Promise<void> {
  if (cookie && TOKEN_PATTERN.test(cookie)) await deleteManageSession(deps.db, hashToken(cookie));
}
