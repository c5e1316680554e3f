// POST /api/uploads without the HTTP: bytes in, processed and stored upload out.
// Order matters for "no orphan": the image is fully checked before anything is written, and
// if writing the row fails, the files just written are removed again.
import crypto from 'node:crypto';
import type { UploadResponse } from '../../core/api-types';
import type { AppDeps } from '../deps';
import { newObjectKey, publicImagePath } from '../storage/object-store';
import { processImage, type ProcessedImage } from './image';
import { countPublicWorksWithHash, insertUpload, type NewUpload, type UploadRow } from './uploads-repository';

export type UploadDeps = Pick<AppDeps, 'db' | 'store' | 'config' | 'now'>;

export interface CreatedUpload {
  response: UploadResponse;
  row: UploadRow;
}

const HOUR_MS = 60 * 60 * 1000;

async function storeFiles(deps: Pick<AppDeps, 'store'>, image: ProcessedImage, bytes: Buffer, now: Date) {
  const originalKey = newObjectKey(image.extension, now);
  const derivativeKey = newObjectKey('jpg', now);
  await deps.store.put('originals', originalKey, bytes);
  try {
    await deps.store.put('artworks', derivativeKey, image.derivative);
  } catch (err) {
    await deps.store.delete('originals', originalKey).catch(() => undefined);
    throw err;
  }
  return { originalKey, derivativeKey };
}

/** An image processed and its two files stored, not yet recorded in the database. */
export interface StoredUpload {
  image: ProcessedImage;
  values: NewUpload & { id: string };
  /** Removes the two files again, when the row could not be written. */
  discard(): Promise<void>;
}

/**
 * Processes an uploaded file and stores its files. Throws ImageRejectedError (from the image
 * pipeline) for a file that is not an acceptable image; nothing is stored in that case.
 */
export async function storeUpload(deps: Omit<UploadDeps, 'db'>, bytes: Buffer, now: Date): Promise<StoredUpload> {
  const image = await processImage(bytes);
  const { originalKey, derivativeKey } = await storeFiles(deps, image, bytes, now);
  return {
    image,
    values: {
      id: crypto.randomUUID(),
      sha256: image.sha256,
      phash: image.phash,
      mime: image.mime,
      extension: image.extension,
      width: image.width,
      height: image.height,
      size_bytes: image.size,
      original_key: originalKey,
      derivative_key: derivativeKey,
      derivative_width: image.derivativeWidth,
      derivative_height: image.derivativeHeight,
      metadata: JSON.stringify(image.metadata),
      created_at: now,
      expires_at: new Date(now.getTime() + deps.config.uploadTtlHours * HOUR_MS),
    },
    discard: async () => {
      await Promise.all([
        deps.store.delete('originals', originalKey).catch(() => undefined),
        deps.store.delete('artworks', derivativeKey).catch(() => undefined),
      ]);
    },
  };
}

/** POST /api/uploads: stores the upload and records it, waiting to become a submission. */
export async function createUpload(deps: UploadDeps, bytes: Buffer): Promise<CreatedUpload> {
  const stored = await storeUpload(deps, bytes, deps.now());
  let row: UploadRow;
  try {
    row = await insertUpload(deps.db, stored.values);
  } catch (err) {
    await stored.discard();
    throw err;
  }
  const { image } = stored;
  const exactMatches = await countPublicWorksWithHash(deps.db, image.sha256);
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
      exact_matches: exactMatches,
    },
  };
}
