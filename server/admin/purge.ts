// Purge (DECISIONS #5): legal erasure of a removed work. The image files and every personal field
// go for good; the row stays as a tombstone (id, registry id, image hash, dates, trust score) so
// the registry number is never reused and the transparency log's hash-only leaves still resolve.
import { isDeepStrictEqual } from 'node:util';
import type { Transaction } from 'kysely';
import type { ModerationResult } from '../../core/admin-api-types';
import { NO_PROMPT_TEXT } from '../../core/constants';
import type { DB, Submission, SubmissionUpdate } from '../db/types';
import { writeAudit } from '../audit/write-audit';
import { HttpError } from '../http/errors';
import { isValidObjectKey, type ObjectStore } from '../storage/object-store';
import { appendModerationLeaf, toModerationResult, updateSubmissionRow, type ModerationContext } from './moderation';

export const ERASED_TEXT = '[erased]';
export const NOT_REMOVED_FOR_PURGE = 'Only removed submissions can be purged. Remove it first.';
export const ALREADY_PURGED = 'This submission has already been purged.';

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
} satisfies SubmissionUpdate;

const JSON_COLUMNS = new Set(['embedded_metadata', 'verification_resources', 'trust_breakdown', 'prompt_specificity']);

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
    throw new HttpError(400, 'confirmation_mismatch', `Type the registry ID ${row.registry_id} to confirm the purge.`, {
      title: 'Error',
      fields: { confirm: `Type ${row.registry_id} to confirm.` },
    });
  }
}

async function deleteFiles(trx: Transaction<DB>, store: ObjectStore, row: Submission): Promise<void> {
  if (row.image_key && isValidObjectKey(row.image_key)) await store.delete('artworks', row.image_key);
  if (row.original_key && isValidObjectKey(row.original_key)) await store.delete('originals', row.original_key);
  // The upload record holds the same files' keys and the image's embedded metadata.
  const keys = [row.image_key, row.original_key].filter((k): k is string => !!k);
  if (keys.length) {
    await trx
      .deleteFrom('uploads')
      .where((eb) => eb.or([eb('derivative_key', 'in', keys), eb('original_key', 'in', keys)]))
      .execute();
  }
}

/**
 * `row` must have been read with FOR UPDATE in `trx`. The files are deleted while the row is
 * locked: if the transaction then failed, the data would still be there and a second purge
 * finishes the job (deleting a missing file is not an error).
 */
export async function purgeSubmission(
  trx: Transaction<DB>,
  store: ObjectStore,
  row: Submission,
  reason: string,
  ctx: ModerationContext,
): Promise<ModerationResult> {
  if (row.purged_at) throw new HttpError(409, 'conflict', ALREADY_PURGED);
  if (!row.deleted_at) throw new HttpError(409, 'conflict', NOT_REMOVED_FOR_PURGE);
  const erased = erasedFields(row);
  await deleteFiles(trx, store, row);
  const updated = await updateSubmissionRow(trx, row.id, { ...ERASED_VALUES, purged_at: ctx.now });
  await writeAudit(trx, {
    table_name: 'submissions',
    record_id: row.id,
    action_type: 'PURGE',
    admin: ctx.admin,
    reason,
    // Only which fields were erased: the audit log must not keep what the purge removed.
    old_values: { purged_at: null },
    new_values: { purged_at: ctx.now },
    changed_fields: [...erased, 'purged_at'],
    ip: ctx.meta.ip,
    user_agent: ctx.meta.user_agent,
    at: ctx.now,
  });
  return toModerationResult(updated, await appendModerationLeaf(trx, updated, 'purged', ctx.now));
}
