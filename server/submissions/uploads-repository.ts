// Rows of the `uploads` table: images received and processed, waiting to become a submission.
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, UploadsTable } from '../db/types';

export type UploadRow = Selectable<UploadsTable>;
export type NewUpload = Insertable<UploadsTable>;

export async function insertUpload(db: Kysely<DB>, values: NewUpload): Promise<UploadRow> {
  return db.insertInto('uploads').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Several uploads in one statement (the seed command registers works in batches). */
export async function insertUploads(db: Kysely<DB>, values: readonly NewUpload[]): Promise<void> {
  if (values.length > 0) await db.insertInto('uploads').values(values).execute();
}

export async function findUpload(db: Kysely<DB>, id: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The upload whose derivative became a work's public image (submissions.image_key). */
export async function findUploadByDerivativeKey(db: Kysely<DB>, key: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('derivative_key', '=', key).executeTakeFirst();
}

/**
 * Claims an upload for one submission. The `consumed_at IS NULL` guard makes the claim atomic:
 * of two transactions submitting the same upload, the second finds 0 rows and must give up.
 */
export async function consumeUpload(trx: Kysely<DB>, id: string, at: Date): Promise<boolean> {
  const result = await trx
    .updateTable('uploads')
    .set({ consumed_at: at })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Public works already registered with this SHA-256 (shown to the uploader before submitting). */
export async function countPublicWorksWithHash(db: Kysely<DB>, sha256: string): Promise<number> {
  const row = await db
    .selectFrom('public_submissions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('image_hash', '=', sha256)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Deletes up to `limit` expired, never-submitted uploads and returns their storage keys, so the
 * caller can remove the files. Deleting the row first is the claim: a submission racing with the
 * cleanup then finds no row to consume and fails cleanly.
 */
export async function deleteExpiredUploadRows(
  db: Kysely<DB>,
  now: Date,
  limit: number,
): Promise<{ original_key: string; derivative_key: string }[]> {
  return db
    .deleteFrom('uploads')
    // Checked again on the deleted row itself: PostgreSQL re-evaluates these, not the subquery,
    // after waiting for a concurrent submission that consumed the same upload.
    .where('consumed_at', 'is', null)
    .where('expires_at', '<=', now)
    .where('id', 'in', (eb) =>
      eb.selectFrom('uploads').select('id').where('consumed_at', 'is', null).where('expires_at', '<=', now).limit(limit),
    )
    .returning(['original_key', 'derivative_key'])
    .execute();
}
