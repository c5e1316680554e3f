// Whether an image of the 'artworks' bucket may be served (artworks.ts): its work is public, or
// it is a fresh upload not yet used or expired.
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';

export type ServableImage = { kind: 'public'; allowAiTraining: boolean } | { kind: 'pending' };

export async function findServableImage(db: Kysely<DB>, key: string): Promise<ServableImage | null> {
  const work = await db.selectFrom('public_submissions').select('allow_ai_training').where('image_key', '=', key).executeTakeFirst();
  if (work) return { kind: 'public', allowAiTraining: work.allow_ai_training };
  const upload = await db
    .selectFrom('uploads')
    .select('id')
    .where('derivative_key', '=', key)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return upload ? { kind: 'pending' } : null;
}
