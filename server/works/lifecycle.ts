// Soft delete, restore and purge of a work (decision 0005), for every caller: the dashboard's
// moderation, an approved removal request and the seed command. Each runs inside the caller's
// transaction and writes the row change, its audit entry and its transparency-log leaf there,
// so none can exist without the others. Purge: legal erasure of a removed work. The image files,
// the C2PA manifest store and every personal field go for good; the row stays as a tombstone
// (id, registry id, image hash, dates, trust score) so the registry number is never reused and
// the log's hash-only leaves still resolve.
import { isDeepStrictEqual } from 'node:util';
import type { Transaction } from 'kysely';
import { appError, conflict } from '../../core/app-error';
import { API_ERRORS } from '../../core/api-error-texts';
import { purgeConfirmationMismatchMessage } from '../../core/messages';
import type { ModerationResult } from '../../core/admin-api-types';
import { NO_PROMPT_TEXT } from '../../core/constants';
import { auditedBy, writeAudits, type AuditActor, type AuditInput } from '../audit/write-audit';
import type { DB, Submission, SubmissionUpdate } from '../db/types';
import { isValidObjectKey, type ObjectStore } from '../storage/object-store';
import type { LeafEventType } from '../tlog/leaf';
import { appendLogEvents } from '../tlog/store';
import { deleteLinkProofsOfWork } from '../link-proofs/link-proof-repository';
import { deleteDomainProofsOfWork } from '../link-proofs/domain-proof-repository';
import { deleteManifestStore } from './c2pa-manifest-stores-repository';
import { deleteInvitationsOfWork } from './co-author-invitations-repository';
import type { LedgerWriter } from './ledger-transaction';
import type { WorkEvent, WorkEvents } from './work-events';
import { deleteUploadsOfFiles, updateWorkRow, updateWorkRows } from './works-repository';

export interface ModerationContext {
  /** Who acts: a signed-in admin, or the seed command's own name (no admin id). */
  admin: AuditActor;
  now: Date;
  /** The request's address and browser; none when no request caused the change. */
  meta: { ip: string | null; user_agent: string | null };
  /** Where the change's webhook events are queued, in its transaction (decision 0069). */
  events: WorkEvents;
}

export const ERASED_TEXT = '[erased]';

/** What each personal or free-text field becomes. JSON columns are given as stored text. */
export const ERASED_VALUES = {
  title: ERASED_TEXT,
  artist_name: ERASED_TEXT,
  author_full_name: ERASED_TEXT,
  author_email: '',
  author_city: null,
  author_state: null,
  author_country: null,
  portfolio_link: null,
  external_link: null,
  tool_other: null,
  prompt: NO_PROMPT_TEXT,
  story_context: null,
  co_authors: [] as string[],
  embedded_metadata: '{}',
  verification_resources: '[]',
  trust_breakdown: '{}',
  prompt_specificity: '{}',
  email_verify_token_hash: null,
  email_verify_sent_at: null,
  image_url: null,
  image_key: null,
  original_key: null,
  image_phash: null,
  image_region_hashes: '',
} satisfies SubmissionUpdate;

const JSON_COLUMNS = new Set(['embedded_metadata', 'verification_resources', 'trust_breakdown', 'prompt_specificity']);

/**
 * One leaf per work, in the order given. The log records ids and the image hash only; a work
 * without a hash has nothing to log (null).
 */
async function logEvents(
  trx: Transaction<DB>,
  rows: readonly Submission[],
  event: LeafEventType,
  now: Date,
): Promise<(number | null)[]> {
  const logged = rows.filter((row) => row.image_hash);
  const leaves = await appendLogEvents(
    trx,
    logged.map((row) => ({ registry_id: row.registry_id, submission_id: row.id, image_sha256: row.image_hash!, event, time: now })),
  );
  const indexById = new Map(logged.map((row, i) => [row.id, leaves[i].leafIndex]));
  return rows.map((row) => indexById.get(row.id) ?? null);
}

/**
 * The artist acting through a manage link (no admin account): recorded as the one who made the
 * change, and never counted as an admin (the deleted-records page's processors, issue 35).
 */
export const ARTIST_ACTOR: AuditActor = { id: null, email: 'artist (manage link)' };

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

function auditEntry(
  row: Submission,
  ctx: ModerationContext,
  entry: Pick<AuditInput, 'action_type' | 'reason' | 'old_values' | 'new_values' | 'changed_fields'>,
): AuditInput {
  return {
    table_name: 'submissions',
    record_id: row.id,
    ...auditedBy(ctx),
    ...entry,
  };
}

type ModerationFields = Pick<SubmissionUpdate, 'deleted_at' | 'deleted_by' | 'deletion_reason'>;

/** Soft delete and restore differ only in these; the update, audit entries and log leaves are the same. */
interface ModerationChange {
  next: ModerationFields;
  action: 'SOFT_DELETE' | 'RESTORE';
  event: Extract<LeafEventType, 'soft_deleted' | 'restored'>;
  reason: string | null;
}

/** The webhook event of a moderation change: the artist's own removal is a withdrawal. */
function webhookEventOf(change: ModerationChange, ctx: ModerationContext): WorkEvent['type'] {
  if (change.action === 'RESTORE') return 'work.restored';
  return ctx.admin === ARTIST_ACTOR ? 'work.withdrawn' : 'work.removed';
}

async function applyModeration(
  trx: LedgerWriter,
  rows: readonly Submission[],
  change: ModerationChange,
  ctx: ModerationContext,
): Promise<ModerationResult[]> {
  const updated = await updateWorkRows(
    trx,
    rows.map((row) => row.id),
    change.next,
  );
  await writeAudits(
    trx,
    rows.map((row) =>
      auditEntry(row, ctx, {
        action_type: change.action,
        reason: change.reason,
        old_values: moderationFields(row),
        new_values: change.next,
      }),
    ),
  );
  const leaves = await logEvents(trx, updated, change.event, ctx.now);
  const type = webhookEventOf(change, ctx);
  await ctx.events.queue(
    trx,
    updated.map((row) => ({ type, work: { id: row.id, registry_id: row.registry_id } })),
  );
  return updated.map((row, i) => toModerationResult(row, leaves[i]));
}

/**
 * Takes works off the public ledger (the dashboard's Remove, an approved removal request, the
 * seed's demo removals), with one statement of each kind for all of them. Every row must have
 * been read with FOR UPDATE in `trx`; the leaves follow the rows' order.
 */
export async function softDeleteSubmissions(
  trx: LedgerWriter,
  rows: readonly Submission[],
  reason: string,
  ctx: ModerationContext,
): Promise<ModerationResult[]> {
  if (rows.some((row) => row.deleted_at || row.purged_at)) throw conflict(API_ERRORS.workAlreadyRemoved);
  const next = { deleted_at: ctx.now, deleted_by: ctx.admin.email, deletion_reason: reason };
  return applyModeration(trx, rows, { next, action: 'SOFT_DELETE', event: 'soft_deleted', reason }, ctx);
}

/** One work; `row` must have been read with FOR UPDATE in `trx`. */
export async function softDeleteSubmission(
  trx: LedgerWriter,
  row: Submission,
  reason: string,
  ctx: ModerationContext,
): Promise<ModerationResult> {
  const [result] = await softDeleteSubmissions(trx, [row], reason, ctx);
  return result;
}

export async function restoreSubmission(
  trx: LedgerWriter,
  row: Submission,
  reason: string | null,
  ctx: ModerationContext,
): Promise<ModerationResult> {
  if (row.purged_at) throw conflict(API_ERRORS.workPurgedCannotRestore);
  if (!row.deleted_at) throw conflict(API_ERRORS.workNotRemoved);
  const next = { deleted_at: null, deleted_by: null, deletion_reason: null };
  const [result] = await applyModeration(trx, [row], { next, action: 'RESTORE', event: 'restored', reason }, ctx);
  return result;
}

/** Fields that held something before the purge (JSON columns compared as parsed values). */
function erasedFields(row: Submission): string[] {
  return Object.entries(ERASED_VALUES)
    .filter(([key, erased]) => {
      const before = (row as unknown as Record<string, unknown>)[key] ?? null;
      const after = JSON_COLUMNS.has(key) ? JSON.parse(erased as string) : erased;
      return !isDeepStrictEqual(before, after);
    })
    .map(([key]) => key);
}

export function checkPurgeConfirmation(row: Submission, confirm: string): void {
  if (confirm.trim().toUpperCase() !== row.registry_id) {
    const { title, description, field } = purgeConfirmationMismatchMessage(row.registry_id);
    throw appError('confirmation_mismatch', description, { title, fields: { confirm: field } });
  }
}

async function deleteFiles(trx: Transaction<DB>, store: ObjectStore, row: Submission): Promise<void> {
  if (row.image_key && isValidObjectKey(row.image_key)) await store.delete('artworks', row.image_key);
  if (row.original_key && isValidObjectKey(row.original_key)) await store.delete('originals', row.original_key);
  await deleteManifestStore(trx, row.id);
  // The upload record holds the same files' keys and the image's embedded metadata.
  await deleteUploadsOfFiles(
    trx,
    [row.image_key, row.original_key].filter((k): k is string => !!k),
  );
}

/**
 * `row` must have been read with FOR UPDATE in `trx`. The files are deleted while the row is
 * locked: if the transaction then failed, the data would still be there and a second purge
 * finishes the job (deleting a missing file is not an error).
 */
export async function purgeSubmission(
  trx: LedgerWriter,
  store: ObjectStore,
  row: Submission,
  reason: string,
  ctx: ModerationContext,
): Promise<ModerationResult> {
  if (row.purged_at) throw conflict(API_ERRORS.workAlreadyPurged);
  if (!row.deleted_at) throw conflict(API_ERRORS.workNotRemovedForPurge);
  const erased = erasedFields(row);
  await deleteFiles(trx, store, row);
  // The checked links name the artist's other pages: erased with the rest (decision 0060).
  await deleteLinkProofsOfWork(trx, row.id);
  await deleteDomainProofsOfWork(trx, row.id);
  // So are the co-authors' addresses (decision 0064).
  await deleteInvitationsOfWork(trx, row.id);
  const updated = await updateWorkRow(trx, row.id, { ...ERASED_VALUES, purged_at: ctx.now });
  await writeAudits(trx, [
    auditEntry(row, ctx, {
      action_type: 'PURGE',
      reason,
      // Only which fields were erased: the audit log must not keep what the purge removed.
      old_values: { purged_at: null },
      new_values: { purged_at: ctx.now },
      changed_fields: [...erased, 'purged_at'],
    }),
  ]);
  const [leaf] = await logEvents(trx, [updated], 'purged', ctx.now);
  return toModerationResult(updated, leaf);
}
