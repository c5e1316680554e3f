// The deleted-records page: removed works (newest removal first) with its three counters, and
// one work's full record for the details view.
import { sql, type Kysely } from 'kysely';
import type { AdminDeletedSubmission, AdminSubmissionRecord, DeletedSubmissionCounters } from '../../core/admin-api-types';
import { DELETED_RECENT_DAYS, PAGE_SIZES } from '../../core/constants';
import type { DB, Submission } from '../db/types';
import { pageWithTotal, whereAnyContains } from '../db/paging';
import { ARTIST_ACTOR } from '../works/lifecycle';
import { adminImageUrl } from './submission-ref';

export async function deletedCounters(db: Kysely<DB>, now: Date): Promise<DeletedSubmissionCounters> {
  const since = new Date(now.getTime() - DELETED_RECENT_DAYS * 24 * 60 * 60 * 1000);
  const row = await db
    .selectFrom('submissions')
    .where('deleted_at', 'is not', null)
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) FILTER (WHERE deleted_at >= ${since})`.as('recent'),
      // Admins only: an artist's own withdrawal is recorded as ARTIST_ACTOR, who is no admin.
      sql<string>`count(DISTINCT deleted_by) FILTER (WHERE deleted_by <> ${ARTIST_ACTOR.email})`.as('processors'),
    ])
    .executeTakeFirstOrThrow();
  return { total_deleted: Number(row.total), deleted_last_7_days: Number(row.recent), distinct_processors: Number(row.processors) };
}

export async function deletedPage(
  db: Kysely<DB>,
  filter: { search?: string; page: number },
): Promise<{ items: AdminDeletedSubmission[]; total: number }> {
  const query = whereAnyContains(
    db.selectFrom('submissions').where('deleted_at', 'is not', null),
    ['title', 'author_full_name', 'author_email', 'deletion_reason', 'registry_id'],
    filter.search,
  );
  const { rows, total } = await pageWithTotal(
    query
      .select([
        'id',
        'registry_id',
        'title',
        'author_full_name',
        'author_email',
        'artist_name',
        'trust_meter',
        'image_key',
        'deleted_at',
        'deleted_by',
        'deletion_reason',
        'purged_at',
      ])
      .orderBy('deleted_at', 'desc')
      .orderBy('id', 'desc'),
    filter.page,
    PAGE_SIZES.admin,
  );
  const items = rows.map((r): AdminDeletedSubmission => ({
    id: r.id,
    registry_id: r.registry_id,
    title: r.title,
    author_full_name: r.author_full_name,
    author_email: r.author_email,
    artist_name: r.artist_name,
    trust_meter: r.trust_meter,
    admin_image_url: adminImageUrl(r),
    deleted_at: new Date(r.deleted_at as Date).toISOString(),
    deleted_by: r.deleted_by,
    deletion_reason: r.deletion_reason,
    purged_at: r.purged_at ? new Date(r.purged_at).toISOString() : null,
  }));
  return { items, total };
}

/** Columns admins never need to see: the search index and the e-mail verification secret. */
const HIDDEN_COLUMNS = new Set(['search_text', 'email_verify_token_hash']);

/** Every stored column (dates as ISO strings, numbers as numbers), plus the admin image address. */
export function toAdminRecord(row: Submission): AdminSubmissionRecord {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (HIDDEN_COLUMNS.has(key)) continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  out.registry_seq = Number(row.registry_seq);
  out.log_index = row.log_index === null ? null : Number(row.log_index);
  out.admin_image_url = adminImageUrl(row);
  return out as AdminSubmissionRecord;
}
