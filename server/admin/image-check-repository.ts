// The reads of the admin image check (image-check.ts): the works that are not purged, with their
// image keys, oldest first, and one of them locked while its rebuilt image is written.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types';

export interface WorkImage {
  id: string;
  registry_id: string;
  title: string;
  image_key: string | null;
  original_key: string | null;
}

/** A page of the works that are not purged (all from `offset` without a limit), and how many there are. */
export async function unpurgedWorkImages(
  db: Kysely<DB>,
  range: { offset: number; limit?: number },
): Promise<{ works: WorkImage[]; total: number }> {
  const base = db.selectFrom('submissions').where('purged_at', 'is', null);
  const countRow = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  let query = base
    .select(['id', 'registry_id', 'title', 'image_key', 'original_key'])
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .offset(range.offset);
  if (range.limit !== undefined) query = query.limit(range.limit);
  return { works: await query.execute(), total: Number(countRow.n) };
}

/** Locks the work while it is not purged and still names `imageKey`; undefined otherwise. */
export async function lockUnpurgedWithImage(trx: Transaction<DB>, id: string, imageKey: string): Promise<{ id: string } | undefined> {
  return trx
    .selectFrom('submissions')
    .select('id')
    .where('id', '=', id)
    .where('image_key', '=', imageKey)
    .where('purged_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}
