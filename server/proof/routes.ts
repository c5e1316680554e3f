// HTTP routes of the proof feature: downloads of a work's badges, exports and reports, the live
// badge, oEmbed, robots.txt and sitemaps, consent files (TDMRep, the opt-out set), and "verify a
// file" (POST /api/lookup).
// The crawler-readable /verify and /artist pages come through page-heads.ts instead.
import type { FastifyInstance } from 'fastify';
import type { FeatureOptions } from '../deps';
import { artefactRoutes } from './artefact-routes';
import { c2paRoutes } from './c2pa-routes';
import { consentRoutes } from './consent/consent-routes';
import { embedBadgeRoutes } from './embed-badge-routes';
import { lookupBatchRoutes } from './lookup-batch-routes';
import { lookupRoutes } from './lookup-routes';
import { publicRoutes } from './public-routes';

export async function proofRoutes(app: FastifyInstance, { deps }: FeatureOptions): Promise<void> {
  await artefactRoutes(app, deps);
  await publicRoutes(app, deps);
  await consentRoutes(app, deps);
  await embedBadgeRoutes(app, deps);
  // Multipart parsing only in the lookup's own scope.
  await app.register(async (scope) => lookupRoutes(scope, deps));
  await lookupBatchRoutes(app, deps);
  await c2paRoutes(app, deps);
}
