// Writes one audit_log row. Always called with the transaction that makes the change, so the
// change and its record commit together or not at all.
import type { Kysely, Transaction } from 'kysely';
import type { AuditAction, DB } from '../db/types';
import { changedFields, toAuditValues, type AuditValues } from './changed-fields';

export interface AuditActor {
  id: string;
  email: string;
}

export interface AuditInput {
  table_name: string;
  record_id: string;
  action_type: AuditAction;
  admin?: AuditActor | null;
  reason?: string | null;
  old_values?: AuditValues | null;
  new_values?: AuditValues | null;
  /** Only when the values cannot show the change (a purge records no personal data). */
  changed_fields?: string[];
  ip?: string | null;
  user_agent?: string | null;
  /** When it happened; defaults to the database clock. */
  at?: Date;
}

export async function writeAudit(trx: Transaction<DB> | Kysely<DB>, input: AuditInput): Promise<string> {
  const oldValues = toAuditValues(input.old_values);
  const newValues = toAuditValues(input.new_values);
  const row = await trx
    .insertInto('audit_log')
    .values({
      table_name: input.table_name,
      record_id: input.record_id,
      action_type: input.action_type,
      admin_id: input.admin?.id ?? null,
      admin_email: input.admin?.email ?? null,
      reason: input.reason ?? null,
      old_values: oldValues ? JSON.stringify(oldValues) : null,
      new_values: newValues ? JSON.stringify(newValues) : null,
      changed_fields: input.changed_fields ?? changedFields(oldValues, newValues),
      ip_address: input.ip ?? null,
      user_agent: input.user_agent ?? null,
      ...(input.at ? { created_at: input.at } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}
