// Public images of the 'artworks' bucket at /artworks/{key}. An image is served only while its
// work is public and not deleted, or while it is a fresh upload awaiting submission (the key is
// an unguessable UUID known only to the uploader).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { notFound } from '../../core/app-error';
import { API_ERRORS } from '../../core/api-error-texts';
import { trainingConsentHeaders } from '../../core/training-consent';
import type { DB } from '../db/types';
import { isValidObjectKey, type ObjectStore } from '../storage/object-store';
import { findServableImage } from './artworks-repository';
import { artworkSchema } from './schemas';

export function installArtworkServing(app: FastifyInstance, db: Kysely<DB>, store: ObjectStore, siteUrl: string): void {
  app.withTypeProvider<ZodTypeProvider>().get('/artworks/*', { schema: artworkSchema }, async (request, reply) => {
    const key = request.params['*'];
    const imageNotFound = () => notFound(API_ERRORS.imageNotFound);
    if (!isValidObjectKey(key)) throw imageNotFound();
    const image = await findServableImage(db, key);
    if (!image) throw imageNotFound();
    const object = await store.stream('artworks', key);
    if (!object) throw imageNotFound();
    reply.header('Cache-Control', image.kind === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store');
    // The artist's AI-training choice travels with the file (core/training-consent.ts).
    if (image.kind === 'public') reply.headers(trainingConsentHeaders(image.allowAiTraining, siteUrl));
    reply.header('Content-Length', object.size);
    reply.type('image/jpeg');
    return reply.send(object.body);
  });
}
