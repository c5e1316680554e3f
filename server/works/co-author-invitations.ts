// Asking a credited co-author to confirm by e-mail (issue 33, decision 0064). The registering
// artist types the address, so the registry must not become a way to mail anyone anything: the
// message names only the registry ID and the site, never text the artist wrote (decision 0053),
// and one address gets at most CO_AUTHOR_INVITES.perAddressPerHour invitations an hour. The link
// opens a page whose buttons POST the token (mail scanners open links); it works once and for
// CO_AUTHOR_INVITES.linkDays days. Only the token's SHA-256 is stored.
import type { Kysely } from 'kysely';
import { CO_AUTHOR_INVITES, CONFIRM_PAGES } from '../../core/constants';
import { SITE_NAME } from '../../core/site';
import type { CoAuthorInvite } from '../../core/submission';
import type { DB } from '../db/types';
import { newLinkToken } from '../mail/link-tokens';
import type { MailSender } from '../mail/mail-queue';
import {
  invitationOfName,
  invitationsSentTo,
  lockAddress,
  recordInvitationMail,
  upsertInvitation,
} from './co-author-invitations-repository';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** What became of one invitation: sent, or why not. */
export type InviteOutcome = 'sent' | 'not_credited' | 'confirmed' | 'declined' | 'capped';

export function coAuthorLink(siteUrl: string, token: string): string {
  return `${siteUrl}${CONFIRM_PAGES.coAuthor}?token=${encodeURIComponent(token)}`;
}

export function coAuthorInvitationMessage(siteUrl: string, registryId: string, token: string) {
  const text = [
    `An artist registered the work ${registryId} with ${SITE_NAME} and credited the owner of this address as a co-author.`,
    '',
    'If you made this work with them, open this page and confirm; if you did not, you can say so there:',
    coAuthorLink(siteUrl, token),
    '',
    `The link works once, for ${CO_AUTHOR_INVITES.linkDays} days. Your address is never shown publicly.`,
    'If this means nothing to you, ignore this message.',
  ].join('\n');
  return { subject: `Did you co-author ${registryId}? (${SITE_NAME})`, text };
}

/**
 * Invites each co-author (each in its own short transaction, with its e-mail queued in it): a
 * credited name only, never twice once they answered, within the address's hourly cap.
 */
export async function inviteCoAuthors(
  deps: { db: Kysely<DB>; config: { siteUrl: string }; now: () => Date },
  mail: MailSender,
  work: { id: string; registry_id: string; co_authors: readonly string[] },
  invites: readonly CoAuthorInvite[],
): Promise<InviteOutcome[]> {
  const outcomes: InviteOutcome[] = [];
  for (const invite of invites) {
    const credited = work.co_authors.find((name) => name.trim().toLowerCase() === invite.name.trim().toLowerCase());
    if (!credited) {
      outcomes.push('not_credited');
      continue;
    }
    const now = deps.now();
    const { token, hash } = newLinkToken();
    const outcome = await deps.db.transaction().execute(async (trx): Promise<InviteOutcome> => {
      await lockAddress(trx, invite.email);
      const existing = await invitationOfName(trx, work.id, credited);
      // An answer is final: a co-author who declined is not asked again by the same artist.
      if (existing?.state === 'confirmed') return 'confirmed';
      if (existing?.state === 'declined') return 'declined';
      if ((await invitationsSentTo(trx, invite.email, new Date(now.getTime() - HOUR_MS))) >= CO_AUTHOR_INVITES.perAddressPerHour)
        return 'capped';
      const id = await upsertInvitation(trx, {
        submissionId: work.id,
        name: credited,
        email: invite.email,
        tokenHash: hash,
        sentAt: now,
        expiresAt: new Date(now.getTime() + CO_AUTHOR_INVITES.linkDays * DAY_MS),
      });
      await recordInvitationMail(trx, { submissionId: work.id, email: invite.email, sentAt: now });
      const { subject, text } = coAuthorInvitationMessage(deps.config.siteUrl, work.registry_id, token);
      const link = coAuthorLink(deps.config.siteUrl, token);
      await mail.send(
        { to: invite.email, subject, text },
        // One message per link: a resend is a new key. Development logs the link with the outbox file.
        {
          db: trx,
          key: `co-author:${id}:${hash.slice(0, 16)}`,
          context: { submission: work.id, ...(mail.kind === 'outbox' ? { link } : {}) },
        },
      );
      return 'sent';
    });
    outcomes.push(outcome);
  }
  if (outcomes.includes('sent')) mail.wake();
  return outcomes;
}
