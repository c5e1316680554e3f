// Uploads that will never become works are removed with their files:
// - expired: never submitted within config.uploadTtlHours;
// - dead: recorded but their files never marked stored (upload-service.ts), because writing
//   them failed or the process stopped mid-way;
// - unfinished writes (`*.tmp` files) a crash left in the data folder, at start-up.
// Runs at start-up, before the server takes requests, and hourly from the submissions routes plugin.
import type { DatabaseKind } from '../db/database';
import type { AppDeps } from '../deps';
import { claimDeadUploadRows, deleteClaimedUploadRows, deleteExpiredUploadRows } from './uploads-repository';

const BATCH = 500;

/** An upload not stored after this long is dead: writing two image files takes seconds at most. */
export const UNSTORED_UPLOAD_GRACE_MS = 10 * 60 * 1000;

/** A `*.tmp` file untouched for this long belongs to a write that will never finish. */
export const UNFINISHED_WRITE_MAX_AGE_MS = 60 * 60 * 1000;

type CleanupDeps = Pick<AppDeps, 'db' | 'store' | 'now'>;

/** Deletes every expired, unconsumed upload and its two files; returns how many went. */
export async function deleteExpiredUploads(deps: CleanupDeps): Promise<number> {
  let total = 0;
  for (;;) {
    // The row goes first (see deleteExpiredUploadRows); a file left behind by a crash between
    // the two steps is unreachable, since only a row makes an image servable.
    const rows = await deleteExpiredUploadRows(deps.db, deps.now(), BATCH);
    await Promise.all(
      rows.flatMap((row) => [deps.store.delete('originals', row.original_key), deps.store.delete('artworks', row.derivative_key)]),
    );
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}

/** Deletes every upload recorded at least `graceMs` ago and still not stored, with its files. */
export async function deleteDeadUploads(deps: CleanupDeps, graceMs: number): Promise<number> {
  const recordedBefore = new Date(deps.now().getTime() - graceMs);
  let total = 0;
  for (;;) {
    // Claimed, then the files (and their unfinished writes), then the rows: see claimDeadUploadRows.
    const rows = await claimDeadUploadRows(deps.db, recordedBefore, BATCH);
    await Promise.all(
      rows.flatMap((row) => [deps.store.delete('originals', row.original_key), deps.store.delete('artworks', row.derivative_key)]),
    );
    await deleteClaimedUploadRows(
      deps.db,
      rows.map((row) => row.id),
    );
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}

/**
 * The grace period at start-up. The embedded database belongs to this one process (the data
 * folder lock), which has not taken a request yet: no upload can be in progress, so every
 * not-stored row is dead now. A PostgreSQL database may be shared with running servers, whose
 * uploads in progress look the same, so they get the full grace period.
 */
export function startUpGracePeriodMs(kind: DatabaseKind): number {
  return kind === 'pglite' ? 0 : UNSTORED_UPLOAD_GRACE_MS;
}

export interface UploadSweep {
  expired: number;
  dead: number;
  unfinishedWrites: number;
}

/** The hourly sweep while the server runs. */
export async function sweepUploads(deps: CleanupDeps): Promise<UploadSweep> {
  return {
    expired: await deleteExpiredUploads(deps),
    dead: await deleteDeadUploads(deps, UNSTORED_UPLOAD_GRACE_MS),
    unfinishedWrites: 0,
  };
}

/** The start-up sweep: must finish before the server takes requests (see startUpGracePeriodMs). */
export async function sweepUploadsAtStartUp(deps: CleanupDeps & Pick<AppDeps, 'database'>): Promise<UploadSweep> {
  const expired = await deleteExpiredUploads(deps);
  const dead = await deleteDeadUploads(deps, startUpGracePeriodMs(deps.database.kind));
  // File times are the wall clock's, whatever clock the tests give the app.
  const unfinishedWrites = (await deps.store.removeUnfinishedWrites?.(new Date(Date.now() - UNFINISHED_WRITE_MAX_AGE_MS))) ?? 0;
  return { expired, dead, unfinishedWrites };
}
