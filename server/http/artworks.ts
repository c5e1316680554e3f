// Public images of the 'artworks' bucket at /artworks/{key}. An image is served only while its
// work is public and not deleted, or while it is a fresh upload awaiting submission (the key is
// an unguessable UUID known only to the uploader).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { isValidObjectKey, type ObjectStore } from '../storage/object-store';

export async function findServableImage(db: Kysely<DB>, key: string): Promise<'public' | 'pending' | null> {
  const work = await db.selectFrom('public_submissions').select('id').where('image_key', '=', key).executeTakeFirst();
  if (work) return 'public';
  const upload = await db
    .selectFrom('uploads')
    .select('id')
    .where('derivative_key', '=', key)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return upload ? 'pending' : null;
}

export function installArtworkServing(app: FastifyInstance, db: Kysely<DB>, store: ObjectStore): void {
  app.get('/artworks/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const notFound = () => reply.status(404).send({ error: { code: 'not_found', message: 'Image not found.' } });
    if (!isValidObjectKey(key)) return notFound();
    const kind = await findServableImage(db, key);
    if (!kind) return notFound();
    const object = await store.stream('artworks', key);
    if (!object) return notFound();
    reply.header('Cache-Control', kind === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store');
    reply.header('Content-Length', object.size);
    reply.type('image/jpeg');
    return reply.send(object.body);
  });
}
