// GET /embed/badge/{id}: the data of the live badge element that other sites embed
// (/embed/badge.js). It answers any origin, so a page on another site can read it without
// cookies; the element itself is a built static file (web/src/embed/).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../core/app-error';
import { MESSAGES } from '../../core/messages';
import { TRUST_MAX } from '../../core/constants';
import type { EmbedBadgeData } from '../../core/api/embed';
import { clampScore, trustStatus } from '../../core/status';
import type { AppDeps } from '../deps';
import { openToAnyOrigin } from '../http/any-origin';
import { loadLiveBadgeState } from './load-work';
import { embedBadgeDataRouteSchema } from './schemas';
import { proofUrl } from './urls';

// The same freshness as the live badge image (/badge/{id}.svg).
const EMBED_BADGE_CACHE = 'public, max-age=300';

export async function embedBadgeRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await openToAnyOrigin(app, '/embed', (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().get('/badge/:id', { schema: embedBadgeDataRouteSchema }, async (request, reply) => {
      const state = await loadLiveBadgeState(deps, request.params.id);
      if (state.kind === 'missing') throw notFound(MESSAGES.submissionNotFound.description);
      reply.header('Cache-Control', EMBED_BADGE_CACHE);
      if (state.kind === 'removed') {
        return {
          kind: 'removed',
          registry_id: state.registryId,
          proof_url: proofUrl(deps.config.siteUrl, state.id),
        } satisfies EmbedBadgeData;
      }
      const { work } = state;
      const score = clampScore(work.trust_meter);
      const status = trustStatus(score);
      return {
        kind: 'work',
        registry_id: work.registry_id,
        title: work.title,
        artist_name: work.artist_name,
        trust_score: score,
        trust_max: TRUST_MAX,
        status_label: status.label,
        status_meaning: status.meaning,
        status_colour: status.hex,
        registered_at: work.created_at,
        proof_url: work.verify_url,
      } satisfies EmbedBadgeData;
    });
  });
}
