// The manage page's list: every work registered with the signed-in address, with what the artist
// may change and the score's reasons. Only the artist sees this; it still carries no address (not
// even the co-authors' ones the artist typed: a state per name is enough to ask again).
import type { ManagedCoAuthor, ManagedWork } from '../../core/api/manage';
import { MANAGE_RESOURCE_TYPES, type ManageResourceType } from '../../core/constants';
import type { Kysely } from 'kysely';
import type { DB, Submission } from '../db/types';
import type { WorkWatches } from '../works/manage-ports';
import { toTrustBreakdown } from '../works/public-work';
import { readWorkHistories } from '../works/work-history-repository';
import { backlinkSnippet } from '../../core/api/link-proofs';
import { artistKey, namesClaimedBy } from '../link-proofs/claims-repository';
import { backlinkFor } from '../link-proofs/expected-links';
import { linkStatesOf } from '../link-proofs/link-states';
import { editableResources, storedResources } from './managed-resources';
import { findWorksByEmail } from './manage-repository';
import { invitationStatesOf } from '../works/co-author-invitations-repository';

type InvitationState = { name: string; state: 'pending' | 'confirmed' | 'declined'; expires_at: Date };

/** Each credited co-author with their invitation's state (decision 0064); a pending link past its day is expired. */
export function coAuthorStates(credited: readonly string[], invitations: readonly InvitationState[], now: Date): ManagedCoAuthor[] {
  return credited.map((name) => {
    const invitation = invitations.find((i) => i.name.toLowerCase() === name.toLowerCase());
    if (!invitation) return { name, state: 'not_invited' };
    if (invitation.state !== 'pending') return { name, state: invitation.state };
    return { name, state: invitation.expires_at > now ? 'invited' : 'link_expired' };
  });
}

function isManageType(type: string): type is ManageResourceType {
  return (MANAGE_RESOURCE_TYPES as readonly string[]).includes(type);
}

function toManagedWork(
  row: Submission,
  siteUrl: string,
  extras: Pick<ManagedWork, 'history' | 'watching' | 'alerts' | 'link_proofs' | 'co_authors'> & { byClaimant: boolean },
): ManagedWork {
  const { byClaimant, ...shown } = extras;
  return {
    id: row.id,
    registry_id: row.registry_id,
    title: row.title,
    image_url: row.image_url,
    created_at: new Date(row.created_at).toISOString(),
    status: row.deleted_at ? 'withdrawn' : row.is_public ? 'public' : 'private',
    prompt_visibility: row.prompt_visibility,
    allow_ai_training: row.allow_ai_training,
    // Older records may hold other kinds of links; they are shown as links about the work.
    resources: editableResources(storedResources(row.verification_resources))
      .filter((r) => r.url !== '')
      .map((r) => ({ type: isManageType(r.type) ? r.type : 'external_link', url: r.url, description: r.description })),
    trust: toTrustBreakdown(row.trust_breakdown, row.trust_meter, row.trust_rubric_version),
    verify_url: `${siteUrl.replace(/\/+$/, '')}/verify/${row.id}`,
    // The artist page proves every work of the name's claimant; anyone else proves a work by its own proof page.
    backlink: backlinkSnippet(backlinkFor(siteUrl, { registryId: row.registry_id, artistName: row.artist_name }, byClaimant)),
    ...shown,
  };
}

/** Alerts shown per work on the manage page. */
const ALERTS_PER_WORK = 10;

export async function listManagedWorks(
  db: Kysely<DB>,
  siteUrl: string,
  email: string,
  watches: WorkWatches,
  now: Date,
): Promise<ManagedWork[]> {
  const rows = await findWorksByEmail(db, email);
  const ids = rows.map((r) => r.id);
  const [histories, watched, alerts, links, invitations] = await Promise.all([
    readWorkHistories(db, ids),
    watches.watchedBy(db, email, ids),
    watches.alerts(db, siteUrl, ids, ALERTS_PER_WORK),
    linkStatesOf(db, rows),
    invitationStatesOf(db, ids),
  ]);
  const claimed = await namesClaimedBy(db, email, [...new Set(rows.map((r) => r.artist_name))]);
  return rows.map((row) =>
    toManagedWork(row, siteUrl, {
      history: histories.get(row.id) ?? [],
      watching: watched.has(row.id),
      alerts: alerts.get(row.id) ?? [],
      link_proofs: links.get(row.id) ?? [],
      co_authors: coAuthorStates(row.co_authors, invitations.get(row.id) ?? [], now),
      byClaimant: claimed.has(artistKey(row.artist_name)),
    }),
  );
}
