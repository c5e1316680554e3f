// Rows of `c2pa_manifest_stores`: the C2PA manifest store a work's original carried (migration
// 015). It travels with the upload until registration, which moves it here in its own
// transaction, so a store never exists without its work nor outlives an unregistered upload.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/types';

export interface RegisteredUpload {
  submissionId: string;
  uploadId: string;
}

/**
 * Moves the stores of just-registered uploads to their works (uploads without one are skipped).
 * Runs in the registration's transaction, after the works' rows are inserted; the bytes stay in
 * the database and are hashed there.
 */
export async function moveManifestStoresToWorks(trx: Transaction<DB>, registered: readonly RegisteredUpload[]): Promise<void> {
  if (registered.length === 0) return;
  const uploadIds = registered.map((r) => r.uploadId);
  await sql`
    INSERT INTO c2pa_manifest_stores (submission_id, bytes, sha256, byte_size)
    SELECT r.submission_id, u.c2pa_manifest_store, encode(sha256(u.c2pa_manifest_store), 'hex'), octet_length(u.c2pa_manifest_store)
    FROM unnest(${registered.map((r) => r.submissionId)}::uuid[], ${uploadIds}::uuid[]) AS r (submission_id, upload_id)
    JOIN uploads AS u ON u.id = r.upload_id
    WHERE u.c2pa_manifest_store IS NOT NULL`.execute(trx);
  // The consumed upload row stays (it names the work's files), without a second copy of the bytes.
  await trx
    .updateTable('uploads')
    .set({ c2pa_manifest_store: null })
    .where('id', 'in', uploadIds)
    .where('c2pa_manifest_store', 'is not', null)
    .execute();
}

export interface ManifestStore {
  bytes: Buffer;
  /** SHA-256 of the bytes, lower-case hex. */
  sha256: string;
}

/** The work's store; undefined when its original carried none (or it was purged). */
export async function findManifestStore(db: Kysely<DB>, submissionId: string): Promise<ManifestStore | undefined> {
  const row = await db
    .selectFrom('c2pa_manifest_stores')
    .select(['bytes', 'sha256'])
    .where('submission_id', '=', submissionId)
    .executeTakeFirst();
  // PGlite gives a Uint8Array, pg a Buffer: the same bytes either way.
  return row && { bytes: Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength), sha256: row.sha256 };
}

/** Purge: the store goes with the work's files. */
export async function deleteManifestStore(trx: Transaction<DB>, submissionId: string): Promise<void> {
  await trx.deleteFrom('c2pa_manifest_stores').where('submission_id', '=', submissionId).execute();
}
