// The admin image check (DECISIONS #18): every work that is not purged should have its 360 px
// derivative in the 'artworks' bucket. A missing derivative is rebuilt from the stored original
// with the upload pipeline and written under the same key; when the original is gone too, the
// work is reported as lost. Nothing is ever generated in place of an artist's image.
import type { ImageCheckLostWork, ImageCheckResponse } from '../../core/admin-api-types';
import type { AppDeps } from '../deps';
import { processImage } from '../submissions/image';
import { isValidObjectKey } from '../storage/object-store';

type Outcome = 'ok' | 'regenerated' | 'lost';

interface WorkImage {
  id: string;
  registry_id: string;
  title: string;
  image_key: string | null;
  original_key: string | null;
}

async function checkOne(deps: AppDeps, work: WorkImage): Promise<Outcome> {
  const key = work.image_key;
  if (!key || !isValidObjectKey(key)) return 'lost';
  if (await deps.store.exists('artworks', key)) return 'ok';
  if (!work.original_key || !isValidObjectKey(work.original_key)) return 'lost';
  const original = await deps.store.get('originals', work.original_key);
  if (!original) return 'lost';
  try {
    const processed = await processImage(original);
    await deps.store.put('artworks', key, processed.derivative);
    return 'regenerated';
  } catch {
    // The stored original no longer decodes: as good as lost.
    return 'lost';
  }
}

export async function checkImages(deps: AppDeps, range: { offset: number; limit?: number }): Promise<ImageCheckResponse> {
  const base = deps.db.selectFrom('submissions').where('purged_at', 'is', null);
  const countRow = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  let query = base
    .select(['id', 'registry_id', 'title', 'image_key', 'original_key'])
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .offset(range.offset);
  if (range.limit !== undefined) query = query.limit(range.limit);
  const works = await query.execute();

  const report = { ok: 0, regenerated: 0 };
  const lost: ImageCheckLostWork[] = [];
  // One at a time: decoding originals is memory-hungry and this is a background chore.
  for (const work of works) {
    const outcome = await checkOne(deps, work);
    if (outcome === 'lost') lost.push({ id: work.id, registry_id: work.registry_id, title: work.title });
    else report[outcome] += 1;
  }
  const total = Number(countRow.n);
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
