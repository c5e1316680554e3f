// POST /api/submissions/batch (issue 18): several works in one request; see batch-submissions.ts.
// Each item is judged alone (issue 34): the input gate's checks run per item here, so an item
// with a NUL or a '__proto__' key is that item's failure and the others register. The batch
// spends one registration of the daily budget per work it registers, and nothing when refused.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppError } from '../../core/app-error';
import { API_ERRORS } from '../../core/api-error-texts';
import { badRequest } from '../../core/app-error';
import { MESSAGES } from '../../core/messages';
import { validationFailedError } from '../../core/validation';
import type { AppDeps } from '../deps';
import { itemRefusal } from '../http/input-gate';
import { refundWeightedRateLimit, spendWeightedRateLimit, type WeightedRateLimit } from '../http/weighted-rate-limit';
import type { MailSender } from '../mail/mail-queue';
import type { LinkChecks } from '../link-proofs/link-checks';
import type { WorkEvents } from '../works/work-events';
import { registerBatch } from './batch-submissions';
import { pacedStep, type WritePacer } from '../http/write-pacer';
import { batchSubmissionSchema } from './schemas';

// Fifty full forms (title, prompt and story at their longest, in any script) fit; the app's
// default limit is sized for one.
const BATCH_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * JSON as sent: a '__proto__' key stays a plain field (JSON.parse never reaches a prototype), so
 * the item holding it can be refused alone instead of the parser refusing the whole batch.
 */
function keepPrototypeKeysAsData(scope: FastifyInstance): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    try {
      done(null, JSON.parse(String(text)));
    } catch {
      done(badRequest(API_ERRORS.bodyNotJson), undefined);
    }
  });
}

export async function batchSubmissionRoutes(
  fastify: FastifyInstance,
  deps: AppDeps,
  { mail, linkChecks, events, pacer }: { mail: MailSender; linkChecks: LinkChecks; events: WorkEvents; pacer: WritePacer },
): Promise<void> {
  const { rateLimit } = deps.config;
  // The family of POST /api/submissions: a batch spends the same budget, one hit per work.
  const registrations = { family: 'submissions', max: rateLimit.submissionsPerDay, window: 'day' } as const;
  const limit: WeightedRateLimit = { budgets: [registrations], refusal: MESSAGES.batchOverBudget };
  const refusedItems = new WeakMap<FastifyRequest, Map<number, AppError>>();

  await fastify.register(async (scope) => {
    keepPrototypeKeysAsData(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/submissions/batch',
      {
        schema: batchSubmissionSchema,
        bodyLimit: BATCH_BODY_LIMIT,
        config: { weightedRateLimit: limit, inputGateItems: 'items', validationError: validationFailedError },
        // The gate's checks, item by item: a refused item is set aside (an empty object stands in
        // for it, so the schema reads no unreadable value) and reported as failed.
        preValidation: async (request) => {
          const items = (request.body as { items?: unknown } | null)?.items;
          if (!Array.isArray(items)) return;
          const refused = new Map<number, AppError>();
          items.forEach((item, index) => {
            const refusal = itemRefusal(item);
            if (!refusal) return;
            refused.set(index, refusal);
            items[index] = {};
          });
          refusedItems.set(request, refused);
        },
      },
      async (request, reply) => {
        const { shared, items } = request.body;
        const refused = refusedItems.get(request) ?? new Map<number, AppError>();
        const toRegister = items.length - refused.size;
        // Its turn among registration steps (write-pacer.ts) before any budget is spent.
        return pacedStep(pacer, async () => {
          if (!rateLimit.disabled) await spendWeightedRateLimit(deps.db, request, reply, limit, toRegister);
          const result = await registerBatch(deps, { shared, items, refused }, { mail, linkChecks, events, log: request.log });
          // Works that failed were never registered: their share of the budget is given back.
          const notRegistered = toRegister - result.registered;
          if (!rateLimit.disabled) await refundWeightedRateLimit(deps.db, request, reply, registrations, notRegistered);
          return result;
        });
      },
    );
  });
}
