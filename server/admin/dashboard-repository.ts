// The admin dashboard's reads over active_submissions (docs/product.md §2 'Admin'): counts of all active works,
// and a filtered page of 25, newest first. The counts are counter rows (migration 008), and a page
// without search or visibility filter takes its total from them.
import { sql, type Kysely } from 'kysely';
import { readCounter } from '../db/ledger-counters-repository';
import type { AdminSubmissionCounts, AdminSubmissionRow, AdminTrustFilter, AdminVisibilityFilter } from '../../core/admin-api-types';
import { PAGE_SIZES, VERIFIED_THRESHOLD } from '../../core/constants';
import { adminTrustLabel } from '../../core/status';
import type { DB } from '../db/types';
import { containsPattern, offsetOf, pageWithTotal } from '../db/paging';
import { adminImageUrl } from './submission-ref';

export interface DashboardFilter {
  search?: string;
  visibility?: AdminVisibilityFilter;
  status?: AdminTrustFilter;
  page: number;
}

const COLUMNS = [
  'id',
  'registry_id',
  'title',
  'author_full_name',
  'author_email',
  'trust_meter',
  'created_at',
  'tool',
  'platform',
  'is_public',
  'image_url',
  'image_key',
  'prompt',
  'prompt_visibility',
  'artist_name',
] as const;

/** The counts from the counter rows migration 008 keeps in each writer's transaction: no scan. */
export async function dashboardCounts(db: Kysely<DB>): Promise<AdminSubmissionCounts> {
  const [all, atLeast] = await Promise.all([readCounter(db, 'active'), readCounter(db, 'active_verified')]);
  return { all, below_62: all - atLeast, at_least_62: atLeast };
}

// The fields the search looks in, joined exactly as migration 004 (admin list indexes) indexes them.
const SEARCHED_FIELDS = sql<string>`lower(title || ' ' || author_full_name || ' ' || author_email || ' ' || artist_name || ' ' || registry_id)`;

/** The total a filter without a search or visibility choice has: one of the (cached) counts. */
function totalFromCounts(filter: DashboardFilter, counts: AdminSubmissionCounts): number | undefined {
  if (filter.search || filter.visibility) return undefined;
  if (filter.status === 'verified') return counts.at_least_62;
  if (filter.status === 'review') return counts.below_62;
  return counts.all;
}

/** A page of 25 active works, newest first; `counts` are dashboardCounts of the same ledger version. */
export async function dashboardPage(
  db: Kysely<DB>,
  filter: DashboardFilter,
  counts: AdminSubmissionCounts,
): Promise<{ items: AdminSubmissionRow[]; total: number }> {
  let query = db.selectFrom('active_submissions');
  if (filter.visibility) query = query.where('is_public', '=', filter.visibility === 'public');
  if (filter.status === 'verified') query = query.where('trust_meter', '>=', VERIFIED_THRESHOLD);
  if (filter.status === 'review') query = query.where('trust_meter', '<', VERIFIED_THRESHOLD);
  // Case-insensitive "contains" over the joined fields, served by the trigram index.
  if (filter.search) query = query.where(SEARCHED_FIELDS, 'like', sql<string>`lower(${containsPattern(filter.search)})`);
  const ordered = query.select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc');
  const knownTotal = totalFromCounts(filter, counts);
  const { rows, total } =
    knownTotal === undefined
      ? await pageWithTotal(ordered, filter.page, PAGE_SIZES.admin)
      : { rows: await ordered.limit(PAGE_SIZES.admin).offset(offsetOf(filter.page, PAGE_SIZES.admin)).execute(), total: knownTotal };
  const items = rows.map((r): AdminSubmissionRow => ({
    id: r.id,
    registry_id: r.registry_id,
    title: r.title,
    author_full_name: r.author_full_name,
    author_email: r.author_email,
    trust_meter: r.trust_meter,
    trust_label: adminTrustLabel(r.trust_meter),
    created_at: new Date(r.created_at).toISOString(),
    tool: r.tool,
    platform: r.platform,
    is_public: r.is_public,
    visibility: r.is_public ? 'Public' : 'Private',
    image_url: r.image_url,
    admin_image_url: adminImageUrl(r),
    prompt: r.prompt,
    prompt_visibility: r.prompt_visibility,
    artist_name: r.artist_name,
  }));
  return { items, total };
}
