// The admin image check (decision 0018): every work that is not purged should have its 360 px
// derivative in the 'artworks' bucket. A missing derivative is rebuilt from the stored original
// with the upload pipeline and written under the same key; when the original is gone too, the
// work is reported as lost. Nothing is ever generated in place of an artist's image.
//
// The rebuilt file is written while the work's row is locked and still names the key, the lock
// a purge takes too: a work purged meanwhile is not given back a file no row would name.
import type { ImageCheckLostWork, ImageCheckResponse } from '../../core/admin-api-types';
import type { AppDeps } from '../deps';
import { ImageBusyError, processImageOffThread } from '../image';
import { isValidObjectKey } from '../storage/object-store';
import { lockUnpurgedWithImage, unpurgedWorkImages, type WorkImage } from './image-check-repository';

/** 'purged': purged while being checked; like the purged works the list leaves out, not reported. */
type Outcome = 'ok' | 'regenerated' | 'lost' | 'purged';

async function checkOne(deps: AppDeps, work: WorkImage): Promise<Outcome> {
  const key = work.image_key;
  if (!key || !isValidObjectKey(key)) return 'lost';
  if (await deps.store.exists('artworks', key)) return 'ok';
  if (!work.original_key || !isValidObjectKey(work.original_key)) return 'lost';
  const original = await deps.store.get('originals', work.original_key);
  if (!original) return 'lost';
  let derivative: Buffer;
  try {
    derivative = (await processImageOffThread(original, deps.config.imageProcessing)).derivative;
  } catch (err) {
    // Every image worker busy says nothing about this work: stop with 503, try again later.
    if (err instanceof ImageBusyError) throw err;
    // The stored original no longer decodes: as good as lost.
    return 'lost';
  }
  return deps.db.transaction().execute(async (trx): Promise<Outcome> => {
    const current = await lockUnpurgedWithImage(trx, work.id, key);
    // Purged while the image was being rebuilt: its files are gone on purpose.
    if (!current) return 'purged';
    await deps.store.put('artworks', key, derivative);
    return 'regenerated';
  });
}

export async function checkImages(deps: AppDeps, range: { offset: number; limit?: number }): Promise<ImageCheckResponse> {
  const { works, total } = await unpurgedWorkImages(deps.db, range);
  const report = { ok: 0, regenerated: 0 };
  const lost: ImageCheckLostWork[] = [];
  // One at a time: decoding originals is memory-hungry and this is a background chore.
  for (const work of works) {
    const outcome = await checkOne(deps, work);
    if (outcome === 'lost') lost.push({ id: work.id, registry_id: work.registry_id, title: work.title });
    else if (outcome !== 'purged') report[outcome] += 1;
  }
  const end = range.offset + works.length;
  return {
    total,
    offset: range.offset,
    checked: works.length,
    ok: report.ok,
    regenerated: report.regenerated,
    lost,
    next_offset: range.limit !== undefined && end < total ? end : null,
  };
}
