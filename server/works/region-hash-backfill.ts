// Gives works registered before migration 017 their crop-tolerant views (server/image/
// region-hashes.ts), so lookups find cropped, turned and framed copies of them too. Each
// original is read from the store and goes through the same image pipeline as an upload, off
// the event loop. Safe to stop and run again: a work is done once its views are in the table,
// and the walk picks up the works still without them.
import type { AppDeps } from '../deps';
import { processImageOffThread } from '../image';
import { addRegionHashes, worksWithoutRegionHashes } from './region-hash-backfill-repository';

export interface BackfillProgress {
  /** Works given their views. */
  done: number;
  /** Works whose original is missing from the store or can no longer be read. */
  skipped: number;
}

export async function backfillRegionHashes(
  deps: Pick<AppDeps, 'db' | 'store' | 'config'>,
  options: { batchSize?: number; onBatch?: (progress: BackfillProgress) => void } = {},
): Promise<BackfillProgress> {
  const batchSize = options.batchSize ?? 50;
  const progress: BackfillProgress = { done: 0, skipped: 0 };
  let afterId: string | null = null;
  for (;;) {
    const works = await worksWithoutRegionHashes(deps.db, afterId, batchSize);
    if (works.length === 0) return progress;
    // The image pool has a worker per core: a batch's pictures are processed side by side.
    await Promise.all(
      works.map(async (work) => {
        const bytes = await deps.store.get('originals', work.original_key);
        const image = bytes ? await processImageOffThread(bytes, deps.config.imageProcessing).catch(() => null) : null;
        if (image && (await addRegionHashes(deps.db, work.id, image.regionHashes.registered)) > 0) progress.done++;
        else progress.skipped++;
      }),
    );
    afterId = works[works.length - 1].id;
    options.onBatch?.(progress);
  }
}
