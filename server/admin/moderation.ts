// Soft delete, restore and purge of a work (DECISIONS #5). Each runs in one transaction that
// also writes the audit entry and the transparency-log leaf, so none can exist without the others.
import type { Transaction } from 'kysely';
import type { AdminProfile, ModerationResult } from '../../core/admin-api-types';
import type { DB, Submission, SubmissionUpdate } from '../db/types';
import type { LeafEventType } from '../tlog/leaf';
import { appendLogEvent } from '../tlog/store';
import { writeAudit } from '../audit/write-audit';
import { HttpError } from '../http/errors';
import type { RequestMeta } from './request-context';

export interface ModerationContext {
  admin: AdminProfile;
  now: Date;
  meta: RequestMeta;
}

export const ALREADY_REMOVED = 'This submission has already been removed.';
export const NOT_REMOVED = 'This submission is not removed, so there is nothing to restore.';
export const PURGED_CANNOT_RESTORE = 'This submission was purged and cannot be restored.';

const conflict = (message: string) => new HttpError(409, 'conflict', message);

/** The log records ids and the image hash only; a work without a hash has nothing to log. */
async function logEvent(trx: Transaction<DB>, row: Submission, event: LeafEventType, now: Date): Promise<number | null> {
  if (!row.image_hash) return null;
  const leaf = await appendLogEvent(trx, {
    registry_id: row.registry_id,
    submission_id: row.id,
    image_sha256: row.image_hash,
    event,
    time: now,
  });
  return leaf.leafIndex;
}

function moderationFields(row: Pick<Submission, 'deleted_at' | 'deleted_by' | 'deletion_reason'>) {
  return { deleted_at: row.deleted_at, deleted_by: row.deleted_by, deletion_reason: row.deletion_reason };
}

export function toModerationResult(row: Submission, logIndex: number | null): ModerationResult {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    id: row.id,
    registry_id: row.registry_id,
    deleted_at: iso(row.deleted_at),
    deleted_by: row.deleted_by,
    deletion_reason: row.deletion_reason,
    purged_at: iso(row.purged_at),
    log_index: logIndex,
  };
}

async function applyUpdate(trx: Transaction<DB>, id: string, set: SubmissionUpdate): Promise<Submission> {
  return trx.updateTable('submissions').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

type ModerationFields = Pick<SubmissionUpdate, 'deleted_at' | 'deleted_by' | 'deletion_reason'>;

/** Soft delete and restore differ only in these; the update, audit entry and log leaf are the same. */
interface ModerationChange {
  next: ModerationFields;
  action: 'SOFT_DELETE' | 'RESTORE';
  event: Extract<LeafEventType, 'soft_deleted' | 'restored'>;
  reason: string | null;
}

async function applyModeration(
  trx: Transaction<DB>,
  row: Submission,
  change: ModerationChange,
  ctx: ModerationContext,
): Promise<ModerationResult> {
  const updated = await applyUpdate(trx, row.id, change.next);
  await writeAudit(trx, {
    table_name: 'submissions',
    record_id: row.id,
    action_type: change.action,
    admin: ctx.admin,
    reason: change.reason,
    old_values: moderationFields(row),
    new_values: change.next,
    ip: ctx.meta.ip,
    user_agent: ctx.meta.user_agent,
    at: ctx.now,
  });
  return toModerationResult(updated, await logEvent(trx, updated, change.event, ctx.now));
}

/**
 * Takes a work off the public ledger (the dashboard's Remove, and approving a removal request).
 * `row` must have been read with FOR UPDATE in `trx`.
 */
export async function softDeleteSubmission(
  trx: Transaction<DB>,
  row: Submission,
  reason: string,
  ctx: ModerationContext,
): Promise<ModerationResult> {
  if (row.deleted_at || row.purged_at) throw conflict(ALREADY_REMOVED);
  const next = { deleted_at: ctx.now, deleted_by: ctx.admin.email, deletion_reason: reason };
  return applyModeration(trx, row, { next, action: 'SOFT_DELETE', event: 'soft_deleted', reason }, ctx);
}

export async function restoreSubmission(
  trx: Transaction<DB>,
  row: Submission,
  reason: string | null,
  ctx: ModerationContext,
): Promise<ModerationResult> {
  if (row.purged_at) throw conflict(PURGED_CANNOT_RESTORE);
  if (!row.deleted_at) throw conflict(NOT_REMOVED);
  const next = { deleted_at: null, deleted_by: null, deletion_reason: null };
  return applyModeration(trx, row, { next, action: 'RESTORE', event: 'restored', reason }, ctx);
}

export { logEvent as appendModerationLeaf, applyUpdate as updateSubmissionRow };
