// The audit log's queries: its rows written (write-audit.ts shapes them), the filtered, paged
// list of the audit page and one record's trail.
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { AuditEntry, AuditLogAction } from '../../core/admin-api-types';
import { PAGE_SIZES } from '../../core/constants';
import type { AuditLogTable, DB } from '../db/types';
import { containsPattern, offsetOf } from '../db/paging';

export interface AuditListFilter {
  search?: string;
  table?: string;
  action?: AuditLogAction;
  page: number;
}

export function toAuditEntry(row: Selectable<AuditLogTable>): AuditEntry {
  return {
    id: String(row.id),
    created_at: new Date(row.created_at).toISOString(),
    table_name: row.table_name,
    record_id: row.record_id,
    action_type: row.action_type,
    admin_id: row.admin_id,
    admin_email: row.admin_email,
    reason: row.reason,
    changed_fields: row.changed_fields ?? [],
    old_values: (row.old_values as Record<string, unknown> | null) ?? null,
    new_values: (row.new_values as Record<string, unknown> | null) ?? null,
    ip_address: row.ip_address,
    user_agent: row.user_agent,
  };
}

export async function listAuditEntries(db: Kysely<DB>, filter: AuditListFilter): Promise<{ items: AuditEntry[]; total: number }> {
  let query = db.selectFrom('audit_log');
  if (filter.table) query = query.where('table_name', '=', filter.table);
  if (filter.action) query = query.where('action_type', '=', filter.action);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where((eb) =>
      eb.or([eb('record_id', 'ilike', pattern), eb('reason', 'ilike', pattern), eb('admin_email', 'ilike', pattern)]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(PAGE_SIZES.audit)
      .offset(offsetOf(filter.page, PAGE_SIZES.audit))
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toAuditEntry), total: Number(count.n) };
}

/** Every entry of one record, newest first (the details view's audit trail). */
export async function auditTrail(db: Kysely<DB>, tableName: string, recordId: string): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .where('table_name', '=', tableName)
    .where('record_id', '=', recordId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toAuditEntry);
}

/** Inserts the rows with one statement; their ids come back in the same order. */
export async function insertAuditRows(
  db: Kysely<DB> | Transaction<DB>,
  rows: readonly Insertable<AuditLogTable>[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('audit_log')
    .values([...rows])
    .returning('id')
    .execute();
  return inserted.map((row) => String(row.id));
}
