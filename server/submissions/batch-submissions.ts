// POST /api/submissions/batch: several works, each registered exactly as POST /api/submissions
// would register it (same schema, same trust engine, its own registry number, log leaf and
// receipt). One work that fails (a field, an upload already used or gone) is reported with the
// same error it would get alone, and the others go on. One confirmation e-mail per address.
import { AppError, appError } from '../../core/app-error';
import type { BatchItemResult, BatchSubmissionResult } from '../../core/api/batch';
import { MESSAGES } from '../../core/messages';
import { submissionBodySchema } from '../../core/schemas';
import { normaliseSubmissionBody } from '../../core/submission';
import { validationFailedError } from '../../core/validation';
import type { AppDeps } from '../deps';
import type { MailSender } from '../mail/mail-queue';
import { queueBatchVerificationEmails, type BatchWorkToConfirm } from './batch-verification-email';
import type { MailLog } from './email-verification';
import { receiptOf } from './receipt';
import { registerSubmission } from './submission-service';

export interface BatchInput {
  shared: Record<string, unknown>;
  items: readonly Record<string, unknown>[];
  /** Items the input gate refused (batch-routes.ts), by index: reported as failed, never registered. */
  refused?: ReadonlyMap<number, AppError>;
}

function failure(index: number, error: AppError): BatchItemResult {
  const { title, fields } = error.details;
  return {
    index,
    status: 'failed',
    error: { code: error.code, message: error.message, ...(title ? { title } : {}), ...(fields ? { fields } : {}) },
  };
}

export async function registerBatch(
  deps: Pick<AppDeps, 'db' | 'store' | 'config' | 'now'>,
  input: BatchInput,
  options: { mail?: MailSender; log: MailLog },
): Promise<BatchSubmissionResult> {
  const results: BatchItemResult[] = [];
  const toConfirm: BatchWorkToConfirm[] = [];
  // One at a time: registrations take their numbers in turn anyway, and the order of the batch
  // becomes the order of the registry numbers.
  for (const [index, item] of input.items.entries()) {
    const refusal = input.refused?.get(index);
    if (refusal) {
      results.push(failure(index, refusal));
      continue;
    }
    const parsed = submissionBodySchema.safeParse({ ...input.shared, ...item });
    if (!parsed.success) {
      results.push(failure(index, validationFailedError(parsed.error.issues)));
      continue;
    }
    const body = normaliseSubmissionBody(parsed.data);
    try {
      const work = await registerSubmission(deps, body);
      results.push({ index, status: 'registered', work: receiptOf(work) });
      toConfirm.push({ id: work.id, registry_id: work.registry_id, author_email: body.author_email });
    } catch (error) {
      if (error instanceof AppError) {
        results.push(failure(index, error));
      } else {
        options.log.error({ err: error, index }, 'a work of a batch could not be registered');
        results.push(
          failure(index, appError('unavailable', MESSAGES.batchItemFailed.description, { title: MESSAGES.batchItemFailed.title })),
        );
      }
    }
  }
  if (options.mail && toConfirm.length > 0) await queueBatchVerificationEmails(deps, options.mail, options.log, toConfirm);
  const registered = results.filter((result) => result.status === 'registered').length;
  return { registered, failed: results.length - registered, results };
}
