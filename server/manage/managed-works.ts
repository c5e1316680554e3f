// The manage page's list: every work registered with the signed-in address, with what the artist
// may change and the score's reasons. Only the artist sees this; it still carries no address.
import type { ManagedWork } from '../../core/api/manage';
import { MANAGE_RESOURCE_TYPES, type ManageResourceType } from '../../core/constants';
import type { Kysely } from 'kysely';
import type { DB, Submission } from '../db/types';
import type { WorkWatches } from '../works/manage-ports';
import { toTrustBreakdown } from '../works/public-work';
import { readWorkHistories } from '../works/work-history-repository';
import { editableResources, storedResources } from './managed-resources';
import { findWorksByEmail } from './manage-repository';

function isManageType(type: string): type is ManageResourceType {
  return (MANAGE_RESOURCE_TYPES as readonly string[]).includes(type);
}

function toManagedWork(row: Submission, siteUrl: string, extras: Pick<ManagedWork, 'history' | 'watching' | 'alerts'>): ManagedWork {
  return {
    id: row.id,
    registry_id: row.registry_id,
    title: row.title,
    image_url: row.image_url,
    created_at: new Date(row.created_at).toISOString(),
    status: row.deleted_at ? 'withdrawn' : row.is_public ? 'public' : 'private',
    prompt_visibility: row.prompt_visibility,
    // Older records may hold other kinds of links; they are shown as links about the work.
    resources: editableResources(storedResources(row.verification_resources))
      .filter((r) => r.url !== '')
      .map((r) => ({ type: isManageType(r.type) ? r.type : 'external_link', url: r.url, description: r.description })),
    trust: toTrustBreakdown(row.trust_breakdown, row.trust_meter, row.trust_rubric_version),
    verify_url: `${siteUrl.replace(/\/+$/, '')}/verify/${row.id}`,
    ...extras,
  };
}

/** Alerts shown per work on the manage page. */
const ALERTS_PER_WORK = 10;

export async function listManagedWorks(db: Kysely<DB>, siteUrl: string, email: string, watches: WorkWatches): Promise<ManagedWork[]> {
  const rows = await findWorksByEmail(db, email);
  const ids = rows.map((r) => r.id);
  const [histories, watched, alerts] = await Promise.all([
    readWorkHistories(db, ids),
    watches.watchedBy(db, email, ids),
    watches.alerts(db, siteUrl, ids, ALERTS_PER_WORK),
  ]);
  return rows.map((row) =>
    toManagedWork(row, siteUrl, {
      history: histories.get(row.id) ?? [],
      watching: watched.has(row.id),
      alerts: alerts.get(row.id) ?? [],
    }),
  );
}
