// POST /api/lookup/batch: many hashes (no images) looked up in one request; see lookup-batch.ts.
// A bulk lookup costs what it weighs (issue 34): it spends one hit per hash of the hash budgets,
// and runs only when its client has no other one running and the process has a place for it
// (lookup-batch-slots.ts). A refused lookup spends nothing, and the place is taken as the request
// arrives, before its body is read: a client that keeps sending while refused costs no parsing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LOOKUP_BATCH } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import type { AppDeps } from '../deps';
import { rateLimitKey } from '../http/rate-limit';
import { spendWeightedRateLimit, type WeightedRateLimit } from '../http/weighted-rate-limit';
import {
  assertWithinProbeBudget,
  LOOKUP_BATCH_BODY_LIMIT,
  LOOKUP_BATCH_DEFAULT_DISTANCE,
  lookupHashes,
  SHA256_PATTERN,
} from './lookup-batch';
import { batchValidationError, lookupBatchSchema } from './lookup-batch-schemas';
import { LookupBatchSlots } from './lookup-batch-slots';

/** The hash budgets of one client address: families of their own, apart from POST /api/lookup's. */
export const LOOKUP_BATCH_LIMIT: WeightedRateLimit = {
  budgets: [
    { family: 'lookup-hashes-minute', max: LOOKUP_BATCH.hashesPerMinute, window: 'minute' },
    { family: 'lookup-hashes-day', max: LOOKUP_BATCH.hashesPerDay, window: 'day' },
  ],
  refusal: MESSAGES.lookupBatchOverBudget,
};

export async function lookupBatchRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { rateLimit } = deps.config;
  const slots = new LookupBatchSlots();
  const places = new WeakMap<FastifyRequest, () => void>();
  app.post(
    '/api/lookup/batch',
    {
      schema: lookupBatchSchema,
      bodyLimit: LOOKUP_BATCH_BODY_LIMIT,
      config: { weightedRateLimit: LOOKUP_BATCH_LIMIT, validationError: batchValidationError },
      onRequest: async (request) => {
        places.set(request, slots.take(rateLimitKey(request, 'lookup-batch')));
      },
      // Answered, refused or abandoned: the place is free again.
      onResponse: async (request) => places.get(request)?.(),
      onRequestAbort: async (request) => places.get(request)?.(),
    },
    async (request, reply) => {
      const { hashes, max_distance: maxDistance = LOOKUP_BATCH_DEFAULT_DISTANCE } = request.body;
      // A body that asks too much is refused (400) before it spends anything.
      assertWithinProbeBudget(hashes.filter((h) => !SHA256_PATTERN.test(h)).length, maxDistance);
      if (!rateLimit.disabled) await spendWeightedRateLimit(deps.db, request, reply, LOOKUP_BATCH_LIMIT, hashes.length);
      return lookupHashes(deps.db, deps.config.siteUrl, { hashes, maxDistance });
    },
  );
}
