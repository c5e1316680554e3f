// Uploads that were never submitted expire (config.uploadTtlHours); this removes their rows and
// files. Runs at start-up and hourly from the submissions routes plugin.
import type { AppDeps } from '../deps';
import { deleteExpiredUploadRows } from './uploads-repository';

const BATCH = 500;

/** Deletes every expired, unconsumed upload and its two files; returns how many went. */
export async function deleteExpiredUploads(deps: Pick<AppDeps, 'db' | 'store' | 'now'>): Promise<number> {
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
