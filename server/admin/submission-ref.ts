// Finds the submission an admin URL names: its UUID or its registry id (VW-YYYY-NNNNNN).
import type { Kysely, Transaction } from 'kysely';
import { notFound, type AppError } from '../../core/app-error';
import { API_ERRORS } from '../../core/api-error-texts';
import type { DB, Submission } from '../db/types';
import { findWork } from '../works/works-repository';

export function submissionNotFound(): AppError {
  return notFound(API_ERRORS.adminSubmissionNotFound);
}

/** The row, locked for the rest of the transaction when `lock` is set; 404 when there is none. */
export async function loadSubmission(db: Kysely<DB> | Transaction<DB>, ref: string, lock = false): Promise<Submission> {
  const row = await findWork(db, ref, lock);
  if (!row) throw submissionNotFound();
  return row;
}

/** Where admins fetch a work's image whatever its state; null when it has none. */
export function adminImageUrl(row: { id: string; image_key: string | null }): string | null {
  return row.image_key ? `/api/admin/submissions/${row.id}/image` : null;
}
