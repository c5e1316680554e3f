// POST /api/submissions/batch (issue 18): several works in one request; see batch-submissions.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appError } from '../../core/app-error';
import { MESSAGES } from '../../core/messages';
import { validationFailedError } from '../../core/validation';
import type { AppDeps } from '../deps';
import { rateLimitConfig, rateLimitKey } from '../http/rate-limit';
import { reserveRateLimitHits } from '../http/rate-limit-repository';
import type { MailSender } from '../mail/mail-queue';
import { registerBatch } from './batch-submissions';
import { batchSubmissionSchema } from './schemas';

// Fifty full forms (title, prompt and story at their longest, in any script) fit; the app's
// default limit is sized for one.
const BATCH_BODY_LIMIT = 2 * 1024 * 1024;
// The family of POST /api/submissions: a batch spends the same budget, one hit per work.
const REGISTRATIONS = 'submissions';

export async function batchSubmissionRoutes(fastify: FastifyInstance, deps: AppDeps, mail: MailSender): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { rateLimit } = deps.config;

  app.post(
    '/api/submissions/batch',
    {
      schema: batchSubmissionSchema,
      bodyLimit: BATCH_BODY_LIMIT,
      config: {
        // Counts the request itself as one registration; the rest of the batch is reserved below.
        rateLimit: rateLimitConfig(REGISTRATIONS, rateLimit.submissionsPerDay, 'day', rateLimit.disabled),
        validationError: validationFailedError,
      },
    },
    async (request) => {
      const { shared, items } = request.body;
      if (!rateLimit.disabled) {
        const fits = await reserveRateLimitHits(
          deps.db,
          rateLimitKey(request, REGISTRATIONS),
          items.length - 1,
          rateLimit.submissionsPerDay,
        );
        if (!fits) throw appError('rate_limited', MESSAGES.batchOverBudget.description, { title: MESSAGES.batchOverBudget.title });
      }
      return registerBatch(deps, { shared, items }, { mail, log: request.log });
    },
  );
}
