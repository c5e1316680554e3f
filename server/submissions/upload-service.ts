// POST /api/uploads without the HTTP: bytes in, processed and stored upload out.
// Crash consistency: the image is checked and processed in memory first; then its row is
// recorded, marked as not yet stored, with both keys; then the two files are written; then the
// row is marked stored. So every file on disk, finished or not, belongs to a key a row names: a
// crash leaves a not-stored row, which the sweep (upload-cleanup.ts) removes with its files, and
// a submission refuses an upload until it is stored.
import crypto from 'node:crypto';
import type { UploadResponse } from '../../core/api-types';
import type { AppDeps } from '../deps';
import { newObjectKey, publicImagePath, type ObjectStore } from '../storage/object-store';
import { formatRegionHashes, processImageOffThread, type ProcessedImage } from '../image';
import { deleteUploadRow, insertUpload, markUploadStored, type NewUpload, type UploadRow } from './uploads-repository';

export type UploadDeps = Pick<AppDeps, 'db' | 'store' | 'config' | 'now'>;

export interface CreatedUpload {
  response: UploadResponse;
  row: UploadRow;
}

const HOUR_MS = 60 * 60 * 1000;

type UploadKeys = { original_key: string; derivative_key: string };

/** Both files and any unfinished write of them; a file already gone is not an error. */
async function removeFiles(store: ObjectStore, keys: UploadKeys): Promise<void> {
  await Promise.all([store.delete('originals', keys.original_key), store.delete('artworks', keys.derivative_key)]);
}

/** An upload recorded and its two files written, not yet marked stored: the caller does that. */
export interface StoredUpload {
  image: ProcessedImage;
  values: NewUpload & UploadKeys & { id: string };
  /** Removes the files, then the row (for an upload that will not be registered). */
  discard(): Promise<void>;
}

/**
 * Processes an uploaded file, records it and writes its files. Throws ImageRejectedError (from the
 * image pipeline) for a file that is not an acceptable image; nothing is recorded or written then.
 * `now` is the registration time, which names the keys' month folder (the seed sets it back);
 * the row itself is recorded at the real time, which the sweep of dead uploads goes by.
 */
export async function storeUpload(deps: UploadDeps, bytes: Buffer, now: Date): Promise<StoredUpload> {
  const image = await processImageOffThread(bytes, deps.config.imageProcessing);
  const recordedAt = deps.now();
  const values = {
    id: crypto.randomUUID(),
    sha256: image.sha256,
    phash: image.phash,
    mime: image.mime,
    extension: image.extension,
    width: image.width,
    height: image.height,
    size_bytes: image.size,
    original_key: newObjectKey(image.extension, now),
    derivative_key: newObjectKey('jpg', now),
    derivative_width: image.derivativeWidth,
    derivative_height: image.derivativeHeight,
    metadata: JSON.stringify(image.metadata),
    region_hashes: formatRegionHashes(image.regionHashes.registered),
    // Kept with the upload until it is registered (then moved to the work), or swept with it.
    c2pa_manifest_store: image.c2paManifestStore ?? null,
    created_at: recordedAt,
    expires_at: new Date(recordedAt.getTime() + deps.config.uploadTtlHours * HOUR_MS),
    files_stored_at: null,
  };
  await insertUpload(deps.db, values);
  const { id, original_key, derivative_key } = values;
  const discard = async () => {
    // Files first: if this stops half-way, the row still names what is left for the sweep.
    await removeFiles(deps.store, { original_key, derivative_key });
    await deleteUploadRow(deps.db, id);
  };
  try {
    await deps.store.put('originals', original_key, bytes);
    await deps.store.put('artworks', derivative_key, image.derivative);
  } catch (err) {
    await discard().catch(() => undefined);
    throw err;
  }
  return { image, values, discard };
}

/** Marks the upload stored, or removes it again when that fails; returns the stored row. */
async function markStored(deps: UploadDeps, stored: StoredUpload): Promise<UploadRow & { public_works_with_hash: number }> {
  let row: Awaited<ReturnType<typeof markUploadStored>>;
  try {
    row = await markUploadStored(deps.db, stored.values.id, deps.now());
  } catch (err) {
    await stored.discard().catch(() => undefined);
    throw err;
  }
  if (!row) {
    // Only when writing took longer than the sweep's grace period: the sweep claimed the row.
    await stored.discard().catch(() => undefined);
    throw new Error(`Upload ${stored.values.id} was swept before its files were marked stored`);
  }
  return row;
}

/** POST /api/uploads: stores the upload and records it, waiting to become a submission. */
export async function createUpload(deps: UploadDeps, bytes: Buffer): Promise<CreatedUpload> {
  const stored = await storeUpload(deps, bytes, deps.now());
  const row = await markStored(deps, stored);
  const { image } = stored;
  return {
    row,
    response: {
      upload_id: row.id,
      // Served to the uploader while the upload is pending (server/http/artworks.ts).
      image_url: publicImagePath(row.derivative_key),
      image_hash: image.sha256,
      image_dimensions: `${image.width},${image.height}`,
      image_file_type: image.mime,
      image_file_size: image.size,
      metadata_found: [...image.metadata.found],
      exact_matches: row.public_works_with_hash,
    },
  };
}
