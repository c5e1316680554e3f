// Reads the originals of works registered before the registry kept two things it now keeps at
// registration: the crop-tolerant views (server/image/region-hashes.ts), so lookups find cropped,
// turned and framed copies of them too, and the C2PA manifest store the original carried. Each
// original goes through the same image pipeline as an upload, off the event loop. Safe to stop
// and run again: a work is done once its views are in the table (its store, if any, is kept
// first), and the walk picks up the works still without them.
import type { AppDeps } from '../deps';
import { processImageOffThread } from '../image';
import { addManifestStore, addRegionHashes, worksToBackfill } from './originals-backfill-repository';

export interface BackfillProgress {
  /** Works given their views. */
  done: number;
  /** Of those, works whose original carried a C2PA manifest store, now kept. */
  manifestStores: number;
  /** Works whose original is missing from the store or can no longer be read. */
  skipped: number;
}

export async function backfillFromOriginals(
  deps: Pick<AppDeps, 'db' | 'store' | 'config'>,
  options: { batchSize?: number; onBatch?: (progress: BackfillProgress) => void } = {},
): Promise<BackfillProgress> {
  const batchSize = options.batchSize ?? 50;
  const progress: BackfillProgress = { done: 0, manifestStores: 0, skipped: 0 };
  let afterId: string | null = null;
  for (;;) {
    const works = await worksToBackfill(deps.db, afterId, batchSize);
    if (works.length === 0) return progress;
    // The image pool has a worker per core: a batch's pictures are processed side by side.
    await Promise.all(
      works.map(async (work) => {
        const bytes = await deps.store.get('originals', work.original_key);
        const image = bytes ? await processImageOffThread(bytes, deps.config.imageProcessing).catch(() => null) : null;
        if (!image) {
          progress.skipped++;
          return;
        }
        // The store first: the views mark the work done.
        if (image.c2paManifestStore) await addManifestStore(deps.db, work.id, image.c2paManifestStore);
        if ((await addRegionHashes(deps.db, work.id, image.regionHashes.registered)) === 0) {
          progress.skipped++;
          return;
        }
        progress.done++;
        if (image.c2paManifestStore) progress.manifestStores++;
      }),
    );
    afterId = works[works.length - 1].id;
    options.onBatch?.(progress);
  }
}
