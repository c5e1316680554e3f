// Where image bytes live. Two buckets: 'artworks' holds the public derivatives (the spec's public
// bucket), 'originals' holds the uploaded files, never served to the public. A third,
// 'snapshots', holds the published dataset snapshots (server/ledger/snapshot/), served by the app.
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';

export type Bucket = 'artworks' | 'originals' | 'snapshots';

export interface ObjectStore {
  /**
   * Writes the object, streamed from `data`. The key shows the object only once it is complete;
   * a write that fails (or whose stream errors) leaves no object behind its key. Keys are never
   * written twice (each is a fresh UUID), so there is never an older object to keep.
   */
  put(bucket: Bucket, key: string, data: Buffer | Readable): Promise<void>;
  get(bucket: Bucket, key: string): Promise<Buffer | null>;
  stream(bucket: Bucket, key: string): Promise<{ body: Readable; size: number } | null>;
  exists(bucket: Bucket, key: string): Promise<boolean>;
  /** Removes the object and any unfinished write of it; a missing object is not an error. */
  delete(bucket: Bucket, key: string): Promise<void>;
  /** Every complete object's key in the bucket, in no particular order (streamed, never all at once). */
  list(bucket: Bucket): AsyncIterable<string>;
  /** Resolves when the store can be read and written now; rejects with the reason otherwise. */
  checkReachable(): Promise<void>;
  /**
   * Removes unfinished writes last touched before `before` (a crash can leave them behind);
   * returns how many. Stores whose writes cannot be left unfinished leave it out.
   */
  removeUnfinishedWrites?(before: Date): Promise<number>;
}

// Keys are made only by the server: a date folder and a random UUID. Clients never pick paths.
const KEY_PATTERN = /^\d{4}\/\d{2}\/[0-9a-f-]{36}\.(jpg|png|webp)$/;

export function newObjectKey(extension: 'jpg' | 'png' | 'webp', now = new Date()): string {
  const yyyy = now.getUTCFullYear();
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${yyyy}/${mm}/${crypto.randomUUID()}.${extension}`;
}

export function isValidObjectKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

// A snapshot and its manifest: a date folder, the UTC time it was taken and a random suffix.
const SNAPSHOT_KEY_PATTERN = /^\d{4}\/\d{2}\/\d{8}T\d{6}Z-[0-9a-f]{8}\.(jsonl\.gz|json)$/;

/** A key this store may hold in `bucket`: image keys in the image buckets, snapshot keys in 'snapshots'. */
export function isValidKeyIn(bucket: Bucket, key: string): boolean {
  return bucket === 'snapshots' ? SNAPSHOT_KEY_PATTERN.test(key) : KEY_PATTERN.test(key);
}

/** Public URL path of a derivative in the 'artworks' bucket. */
export function publicImagePath(key: string): string {
  return `/artworks/${key}`;
}

/**
 * A registered work's image address: in the public bucket (S3_PUBLIC_URL, where the 'artworks/'
 * prefix is public) when there is one, else served by the app from the store. Only ever the
 * 'artworks' bucket: no address of an original is ever made.
 */
export function publicImageUrl(key: string, publicBaseUrl: string | null): string {
  return publicBaseUrl ? `${publicBaseUrl}${publicImagePath(key)}` : publicImagePath(key);
}

/**
 * docs/product.md §3 image URL rule: a value starting with http, blob: or / is used as is; anything else is
 * a path in the public 'artworks' bucket.
 */
export function resolveImageUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^(https?:|blob:|\/)/.test(value)) return value;
  return publicImagePath(value);
}
