// HTTP routes of the removals feature: the public POST /api/removal-requests. The admin side
// (list and decision) lives in admin-routes.ts and is mounted behind the admin session check by
// server/admin/routes.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validationFailedError } from '../../core/validation';
import { removalDailyLimitMessage } from '../../core/messages';
import type { FeatureOptions } from '../deps';
import { rateLimitConfig } from '../http/rate-limit';
import { createRemovalRequest } from './removal-service';
import { removalRequestRouteSchema } from './schemas';

/**
 * Before validation, so the form's own refusals are not cached either; a request without a body
 * is checked as an empty form, so it gets 'Missing Information' like a blank one.
 */
async function noStoreEmptyBodyAsForm(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('Cache-Control', 'no-store');
  request.body ??= {};
}

export async function removalsRoutes(fastify: FastifyInstance, { deps }: FeatureOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limit = rateLimitConfig('removals', deps.config.rateLimit.removalsPerDay, 'day', deps.config.rateLimit.disabled, {
    refusal: removalDailyLimitMessage,
  });
  app.post(
    '/api/removal-requests',
    {
      schema: removalRequestRouteSchema,
      config: { rateLimit: limit, validationError: validationFailedError },
      preValidation: noStoreEmptyBodyAsForm,
    },
    async (request, reply) => {
      // request.ip honours TRUST_PROXY (decision 0016); it is stored for admins only.
      const created = await createRemovalRequest(deps, request.body, request.ip);
      return reply.status(201).send(created);
    },
  );
}
