// Rows of the `uploads` table: images received and processed, waiting to become a submission.
import { sql, type ExpressionBuilder, type Insertable, type Kysely, type Selectable } from 'kysely';
import { preparedStatement } from '../db/prepared-statements';
import type { DB, UploadsTable } from '../db/types';
import { imageLocksOfSorted } from '../works/works-repository';

export type UploadRow = Selectable<UploadsTable>;
export type NewUpload = Insertable<UploadsTable>;

/** Every column of an upload, named: the statements every upload runs are prepared, and name theirs. */
const UPLOAD_COLUMNS = [
  'id',
  'sha256',
  'phash',
  'mime',
  'extension',
  'width',
  'height',
  'size_bytes',
  'original_key',
  'derivative_key',
  'derivative_width',
  'derivative_height',
  'metadata',
  'region_hashes',
  'created_at',
  'expires_at',
  'consumed_at',
  'files_stored_at',
  'c2pa_manifest_store',
] as const satisfies readonly (keyof UploadsTable)[];
// Fails to compile when a column of the table is missing from the list.
const everyUploadColumnListed: Exclude<keyof UploadsTable, (typeof UPLOAD_COLUMNS)[number]> extends never ? true : never = true;
void everyUploadColumnListed;

const insertUploadStatement = preparedStatement((db, values: NewUpload) => db.insertInto('uploads').values(values).compile());

/** Records an upload before its files are written (files_stored_at stays null until they are). */
export async function insertUpload(db: Kysely<DB>, values: NewUpload): Promise<void> {
  await insertUploadStatement(db, values);
}

const markStoredStatement = preparedStatement((db, v: { id: string; at: Date }) =>
  db
    .updateTable('uploads')
    .set({ files_stored_at: v.at })
    .where('id', '=', v.id)
    .where('files_stored_at', 'is', null)
    .where('expires_at', '>', v.at)
    .returning(UPLOAD_COLUMNS)
    .returning(
      sql<string>`(SELECT count(*) FROM public_submissions p WHERE p.image_hash = uploads.sha256)`.as('public_works_with_hash'),
    )
    .compile(),
);

/**
 * Marks an upload's files as written. Returns the row with the number of public works already
 * registered with its SHA-256 (shown to the uploader before submitting), or undefined when the
 * row is gone or was claimed by the sweep of dead uploads meanwhile (its files must then be
 * removed again).
 */
export async function markUploadStored(
  db: Kysely<DB>,
  id: string,
  at: Date,
): Promise<(UploadRow & { public_works_with_hash: number }) | undefined> {
  const [row] = (await markStoredStatement(db, { id, at })).rows;
  return row && { ...row, public_works_with_hash: Number(row.public_works_with_hash) };
}

/**
 * The seed's batch registration: marks its uploads, recorded and written just before, as stored
 * and consumed (each at its work's time) in one statement. Returns how many rows it claimed; fewer
 * than given means one was missing, already used or claimed by the sweep.
 */
export async function claimUploadsForBatch(
  trx: Kysely<DB>,
  uploads: readonly { id: string; consumedAt: Date }[],
  at: Date,
): Promise<number> {
  if (uploads.length === 0) return 0;
  const result = await sql`
    UPDATE uploads AS u SET consumed_at = c.consumed_at, files_stored_at = ${at}
    FROM unnest(${uploads.map((u) => u.id)}::uuid[], ${uploads.map((u) => u.consumedAt.toISOString())}::timestamptz[]) AS c (id, consumed_at)
    WHERE u.id = c.id AND u.consumed_at IS NULL AND u.files_stored_at IS NULL AND u.expires_at > ${at}`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** Removes an upload row whose files could not be written (the files are removed first). */
export async function deleteUploadRow(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('uploads').where('id', '=', id).where('consumed_at', 'is', null).execute();
}

const findUploadStatement = preparedStatement((db, v: { id: string }) =>
  db.selectFrom('uploads').select(UPLOAD_COLUMNS).where('id', '=', v.id).compile(),
);

export async function findUpload(db: Kysely<DB>, id: string): Promise<UploadRow | undefined> {
  return (await findUploadStatement(db, { id })).rows[0];
}

/** The upload whose derivative became a work's public image (submissions.image_key). */
export async function findUploadByDerivativeKey(db: Kysely<DB>, key: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('derivative_key', '=', key).executeTakeFirst();
}

/** The full metadata of the uploads whose derivatives became the works' images, by image key (a re-scoring batch). */
export async function uploadMetadataByDerivativeKeys(db: Kysely<DB>, keys: readonly string[]): Promise<Map<string, unknown>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('uploads')
    .select(['derivative_key', 'metadata'])
    .where('derivative_key', 'in', [...keys])
    .execute();
  return new Map(rows.map((r) => [r.derivative_key, r.metadata]));
}

const consumeStatement = preparedStatement((db, v: { id: string; imageHashes: string[]; at: Date }) =>
  db
    .updateTable('uploads')
    .from(imageLocksOfSorted(v.imageHashes).as('image_locks'))
    .set({ consumed_at: v.at })
    .where('id', '=', v.id)
    .where('consumed_at', 'is', null)
    .where('files_stored_at', 'is not', null)
    .where('expires_at', '>', v.at)
    .compile(),
);

/**
 * Claims an upload for one submission, and takes the lock of its image (works-repository.ts
 * imageLocks) in the same round trip. The `consumed_at IS NULL` guard makes the claim atomic:
 * of two transactions submitting the same upload, the second finds 0 rows and must give up.
 */
export async function consumeUploadLockingImage(trx: Kysely<DB>, id: string, imageHash: string, at: Date): Promise<boolean> {
  const result = await consumeStatement(trx, { id, imageHashes: [imageHash], at });
  return Number(result.numAffectedRows) === 1;
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
  return (
    db
      .deleteFrom('uploads')
      // Checked again on the deleted row itself: PostgreSQL re-evaluates these, not the subquery,
      // after waiting for a concurrent submission that consumed the same upload.
      .where('consumed_at', 'is', null)
      .where('expires_at', '<=', now)
      .where('id', 'in', (eb) =>
        eb.selectFrom('uploads').select('id').where('consumed_at', 'is', null).where('expires_at', '<=', now).limit(limit),
      )
      .returning(['original_key', 'derivative_key'])
      .execute()
  );
}

/** A claimed dead upload's expiry: long past, so nothing treats it as live any more. */
const CLAIMED_EXPIRY = new Date(0);

/**
 * Claims up to `limit` dead uploads: rows whose files were never marked stored, recorded at or
 * before `recordedBefore` (their writer crashed or gave up). The claim expires them at once, so
 * neither their writer (markUploadStored) nor a submission can take them any more; the caller
 * then removes the files and deletes the rows (deleteClaimedUploadRows). A crash in between
 * leaves claimed rows, which the next sweep claims again: no file is ever left without a row.
 */
export async function claimDeadUploadRows(
  db: Kysely<DB>,
  recordedBefore: Date,
  limit: number,
): Promise<{ id: string; original_key: string; derivative_key: string }[]> {
  const dead = (eb: ExpressionBuilder<DB, 'uploads'>) =>
    eb.and([eb('files_stored_at', 'is', null), eb('consumed_at', 'is', null), eb('created_at', '<=', recordedBefore)]);
  return (
    db
      .updateTable('uploads')
      .set({ expires_at: CLAIMED_EXPIRY })
      // Checked again on the row itself, as in deleteExpiredUploadRows.
      .where(dead)
      .where('id', 'in', (eb) => eb.selectFrom('uploads').select('id').where(dead).limit(limit))
      .returning(['id', 'original_key', 'derivative_key'])
      .execute()
  );
}

/** Deletes claimed dead uploads once their files are gone. */
export async function deleteClaimedUploadRows(db: Kysely<DB>, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('uploads').where('id', 'in', ids).where('files_stored_at', 'is', null).execute();
}
