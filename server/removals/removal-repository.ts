// Reads of removal requests for the admin page: a filtered page with the linked work's title, the
// per-status counts, and one request.
import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { AdminRemovalRequest, RemovalRequestCounts } from '../../core/admin-api-types';
import { PAGE_SIZES, type RemovalRequestStatus } from '../../core/constants';
import type { DB, RemovalRequestsTable } from '../db/types';
import { pageWithTotal, whereAnyContains } from '../db/paging';

export interface RemovalListFilter {
  status?: RemovalRequestStatus;
  search?: string;
  page: number;
}

function baseQuery(db: Kysely<DB> | Transaction<DB>) {
  return db
    .selectFrom('removal_requests as r')
    .leftJoin('submissions as s', 's.id', 'r.submission_id')
    .select([
      'r.id',
      'r.submission_url',
      'r.submission_id',
      's.title as submission_title',
      's.registry_id as submission_registry_id',
      's.deleted_at as submission_deleted_at',
      'r.requestor_name',
      'r.requestor_email',
      'r.reason',
      'r.additional_info',
      'r.request_ip',
      'r.status',
      'r.admin_notes',
      'r.processed_by',
      'r.processed_at',
      'r.created_at',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function toDto(r: Row): AdminRemovalRequest {
  return {
    id: r.id,
    submission_url: r.submission_url,
    submission_id: r.submission_id,
    submission_title: r.submission_title ?? null,
    submission_registry_id: r.submission_registry_id ?? null,
    submission_deleted: r.submission_deleted_at != null,
    requestor_name: r.requestor_name,
    requestor_email: r.requestor_email,
    reason: r.reason,
    additional_info: r.additional_info,
    request_ip: r.request_ip,
    status: r.status,
    admin_notes: r.admin_notes,
    processed_by: r.processed_by,
    processed_at: r.processed_at ? new Date(r.processed_at).toISOString() : null,
    created_at: new Date(r.created_at).toISOString(),
  };
}

export async function findRemovalRequest(db: Kysely<DB> | Transaction<DB>, id: string): Promise<AdminRemovalRequest | null> {
  const row = await baseQuery(db).where('r.id', '=', id).executeTakeFirst();
  return row ? toDto(row) : null;
}

export async function listRemovalRequests(
  db: Kysely<DB>,
  filter: RemovalListFilter,
): Promise<{ items: AdminRemovalRequest[]; total: number }> {
  let query = baseQuery(db);
  if (filter.status) query = query.where('r.status', '=', filter.status);
  const filtered = whereAnyContains(query, ['r.requestor_email', 'r.requestor_name', 'r.reason', 'r.submission_url'], filter.search);
  const { rows, total } = await pageWithTotal(
    filtered.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc'),
    filter.page,
    PAGE_SIZES.admin,
  );
  return { items: rows.map(toDto), total };
}

export async function removalRequestCounts(db: Kysely<DB>): Promise<RemovalRequestCounts> {
  const row = await db
    .selectFrom('removal_requests')
    .select([
      sql<string>`count(*)`.as('all'),
      sql<string>`count(*) FILTER (WHERE status = 'pending')`.as('pending'),
      sql<string>`count(*) FILTER (WHERE status = 'processing')`.as('processing'),
      sql<string>`count(*) FILTER (WHERE status = 'approved')`.as('approved'),
      sql<string>`count(*) FILTER (WHERE status = 'denied')`.as('denied'),
    ])
    .executeTakeFirstOrThrow();
  return {
    all: Number(row.all),
    pending: Number(row.pending),
    processing: Number(row.processing),
    approved: Number(row.approved),
    denied: Number(row.denied),
  };
}

export async function insertRemovalRequest(
  db: Kysely<DB>,
  values: Insertable<RemovalRequestsTable>,
): Promise<{ id: string; submission_id: string | null }> {
  return db.insertInto('removal_requests').values(values).returning(['id', 'submission_id']).executeTakeFirstOrThrow();
}

/** The request, locked for the rest of the transaction (a decision is taken once). */
export async function lockRemovalRequest(trx: Transaction<DB>, id: string): Promise<Selectable<RemovalRequestsTable> | undefined> {
  return trx.selectFrom('removal_requests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateRemovalRequest(trx: Transaction<DB>, id: string, set: Updateable<RemovalRequestsTable>): Promise<void> {
  await trx.updateTable('removal_requests').set(set).where('id', '=', id).execute();
}
