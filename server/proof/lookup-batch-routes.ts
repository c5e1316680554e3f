// POST /api/lookup/batch: many hashes (no images) looked up in one request; see lookup-batch.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps';
import { rateLimitConfig } from '../http/rate-limit';
import { LOOKUP_BATCH_BODY_LIMIT, lookupHashes } from './lookup-batch';
import { batchValidationError, lookupBatchSchema } from './lookup-batch-schemas';

export async function lookupBatchRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { rateLimit } = deps.config;
  app.post(
    '/api/lookup/batch',
    {
      schema: lookupBatchSchema,
      bodyLimit: LOOKUP_BATCH_BODY_LIMIT,
      config: {
        // The budget of POST /api/lookup; the whole batch is one request of it.
        rateLimit: rateLimitConfig('lookup', rateLimit.uploadsPerDay, 'day', rateLimit.disabled),
        validationError: batchValidationError,
      },
    },
    async (request) =>
      lookupHashes(deps.db, deps.config.siteUrl, { hashes: request.body.hashes, maxDistance: request.body.max_distance }),
  );
}
