// HTTP routes of the proof feature: downloads of a work's badges, exports and reports, the live
// badge, oEmbed, robots.txt and sitemaps, and "verify a file" (POST /api/lookup).
// The crawler-readable /verify and /artist pages come through page-heads.ts instead.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { artefactRoutes } from './artefact-routes';
import { lookupRoutes } from './lookup-routes';
import { publicRoutes } from './public-routes';

export async function proofRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await artefactRoutes(app, deps);
  await publicRoutes(app, deps);
  // Multipart parsing only in the lookup's own scope.
  await app.register(async (scope) => lookupRoutes(scope, deps));
}
