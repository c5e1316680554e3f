// Finds the submission an admin URL names: its UUID or its registry id (VW-YYYY-NNNNNN).
import type { Kysely, Transaction } from 'kysely';
import { isUuid, normaliseSubmissionRef } from '../../core/ids';
import type { DB, Submission } from '../db/types';
import { HttpError } from '../http/errors';

export const SUBMISSION_NOT_FOUND = 'Submission not found.';

export function submissionNotFound(): HttpError {
  return new HttpError(404, 'not_found', SUBMISSION_NOT_FOUND);
}

/** The row, locked for the rest of the transaction when `lock` is set; 404 when there is none. */
export async function loadSubmission(db: Kysely<DB> | Transaction<DB>, ref: string, lock = false): Promise<Submission> {
  const id = normaliseSubmissionRef(ref);
  if (!id) throw submissionNotFound();
  let query = db.selectFrom('submissions').selectAll().where(isUuid(id) ? 'id' : 'registry_id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw submissionNotFound();
  return row;
}

/** Where admins fetch a work's image whatever its state; null when it has none. */
export function adminImageUrl(row: { id: string; image_key: string | null }): string | null {
  return row.image_key ? `/api/admin/submissions/${row.id}/image` : null;
}
