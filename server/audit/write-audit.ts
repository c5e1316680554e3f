// Writes one audit_log row. Always called with the transaction that makes the change, so the
// change and its record commit together or not at all.
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { AuditAction, AuditLogTable, DB } from '../db/types';
import { insertAuditRows } from './audit-repository';
import { changedFields, toAuditValues, type AuditValues } from './changed-fields';

export interface AuditActor {
  /** Null when no admin account acted (the seed command). */
  id: string | null;
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

/** Who acts and from where, as an admin's request knows it (moderation, removals, disputes). */
export interface AuditContext {
  admin: AuditActor;
  now: Date;
  meta: { ip: string | null; user_agent: string | null };
}

/** The audit fields of an admin's request: the admin, the request's address and browser, its time. */
export function auditedBy(ctx: AuditContext): Pick<AuditInput, 'admin' | 'ip' | 'user_agent' | 'at'> {
  return { admin: ctx.admin, ip: ctx.meta.ip, user_agent: ctx.meta.user_agent, at: ctx.now };
}

export async function writeAudit(trx: Transaction<DB> | Kysely<DB>, input: AuditInput): Promise<string> {
  const [id] = await writeAudits(trx, [input]);
  return id;
}

/** Many rows with one statement (a batch of soft deletes); the ids come back in input order. */
export async function writeAudits(trx: Transaction<DB> | Kysely<DB>, inputs: readonly AuditInput[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  return insertAuditRows(trx, inputs.map(auditRow));
}

function auditRow(input: AuditInput): Insertable<AuditLogTable> {
  const oldValues = toAuditValues(input.old_values);
  const newValues = toAuditValues(input.new_values);
  return {
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
  };
}
