// A co-author's answer to an invitation (decision 0064): the page the e-mailed link opens reads
// what it asks (the work's title and ID, the credited name), and its buttons confirm or decline
// by POSTing the token. The token works once and until it expires; an unknown, used or expired
// one, or one of a withdrawn work, gets the same answer. A confirmation re-scores the work (a
// line in its public history and an audit row); a decline changes no score but is audited too.
import type { AppDeps } from '../deps';
import { writeAudit } from '../audit/write-audit';
import { hashLinkToken, isLinkTokenShaped } from '../mail/link-tokens';
import { answerInvitation, pendingInvitationByHash, type CoAuthorInvitation } from '../works/co-author-invitations-repository';
import { findLiveWork, touchWorks } from './rescore-repository';
import { shareFingerprintMemory } from '../works/fingerprint-memory';
import { scoreStoredWork } from './rescore';
import { storeRescoredTrust } from './stored-trust';
import { ledgerTransaction } from '../works/ledger-transaction';

export const CO_AUTHOR_INVITATION_PATH = '/api/co-authors/invitation';
export const CO_AUTHOR_CONFIRM_PATH = '/api/co-authors/confirm';
export const CO_AUTHOR_DECLINE_PATH = '/api/co-authors/decline';

export interface CoAuthorQuestion {
  registry_id: string;
  title: string;
  artist_name: string;
  co_author_name: string;
}

export interface CoAuthorAnswer {
  id: string;
  registry_id: string;
  state: 'confirmed' | 'declined';
  score_before: number;
  score_after: number;
}

/** What the link asks, or null when it is not a valid pending link of a live work. */
export async function readCoAuthorInvitation(deps: Pick<AppDeps, 'db' | 'now'>, token: string): Promise<CoAuthorQuestion | null> {
  if (!isLinkTokenShaped(token)) return null;
  const invitation = await pendingInvitationByHash(deps.db, hashLinkToken(token), deps.now(), false);
  if (!invitation) return null;
  const work = await findLiveWork(deps.db, invitation.submission_id, false);
  if (!work) return null;
  return { registry_id: work.registry_id, title: work.title, artist_name: work.artist_name, co_author_name: invitation.name };
}

function auditOf(invitation: CoAuthorInvitation, state: 'confirmed' | 'declined', at: Date) {
  // The audit names the co-author, never their address.
  return {
    table_name: 'co_author_invitations',
    record_id: invitation.id,
    action_type: 'UPDATE' as const,
    admin: { id: null, email: 'co-author (e-mailed link)' },
    reason: state === 'confirmed' ? 'A co-author confirmed by e-mail' : 'A co-author declined by e-mail',
    old_values: { submission_id: invitation.submission_id, name: invitation.name, state: 'pending' },
    new_values: { submission_id: invitation.submission_id, name: invitation.name, state },
    at,
  };
}

/** Records the co-author's answer and re-scores the work; null for a link that is not valid. */
export async function answerCoAuthorInvitation(
  deps: Pick<AppDeps, 'db' | 'now' | 'config'>,
  token: string,
  state: 'confirmed' | 'declined',
): Promise<CoAuthorAnswer | null> {
  if (!isLinkTokenShaped(token)) return null;
  const hash = hashLinkToken(token);
  return ledgerTransaction(deps.db, async (trx) => {
    const now = deps.now();
    // Locked: of two answers sent at once with one link, the second finds it used.
    const invitation = await pendingInvitationByHash(trx, hash, now, true);
    if (!invitation) return null;
    const work = await findLiveWork(trx, invitation.submission_id, true);
    if (!work) return null;
    await answerInvitation(trx, invitation.id, state, now);
    await writeAudit(trx, auditOf(invitation, state, now));
    let scoreAfter = work.trust_meter;
    if (state === 'confirmed') {
      // Scored inside the transaction, so the new confirmation is read with the rest.
      const trust = await scoreStoredWork(shareFingerprintMemory(trx, deps.db), deps.config.siteUrl, work);
      await storeRescoredTrust(trx, work, trust, { co_authors_confirmed: 1 }, now);
      scoreAfter = trust.score;
    }
    // The public answers (proof page, JSON) show each co-author's state: they follow the row's change.
    await touchWorks(trx, [work.id], now);
    return { id: work.id, registry_id: work.registry_id, state, score_before: work.trust_meter, score_after: scoreAfter };
  });
}
