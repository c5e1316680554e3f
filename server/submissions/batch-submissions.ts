// POST /api/submissions/batch: several works, each registered exactly as POST /api/submissions
// would register it (same schema, same trust engine, its own registry number, log leaf and
// receipt). One work that fails (a field, an upload already used or gone) is reported with the
// same error it would get alone, and the others go on. One confirmation e-mail per address.
// Co-authors with an address are asked to confirm as a single registration asks them (decision
// 0064): after their work's commit, each invitation in a short transaction of its own.
import type { WorkEvents } from '../works/work-events';
import { AppError, appError } from '../../core/app-error';
import type { BatchItemResult, BatchSubmissionResult } from '../../core/api/batch';
import { MESSAGES } from '../../core/messages';
import { submissionBodySchema } from '../../core/schemas';
import { normaliseSubmissionBody } from '../../core/submission';
import { validationFailedError } from '../../core/validation';
import type { AppDeps } from '../deps';
import type { MailSender } from '../mail/mail-queue';
import type { LinkChecks } from '../link-proofs/link-checks';
import { queueBatchVerificationEmails, type BatchWorkToConfirm } from './batch-verification-email';
import type { MailLog } from './email-verification';
import { receiptOf } from './receipt';
import { registerSubmission } from './submission-service';
import { inviteCoAuthors } from '../works/co-author-invitations';

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
  options: { mail?: MailSender; linkChecks?: LinkChecks; events?: WorkEvents; log: MailLog },
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
      const work = await registerSubmission(deps, body, { linkChecks: options.linkChecks, events: options.events });
      results.push({ index, status: 'registered', work: receiptOf(work) });
      toConfirm.push({ id: work.id, registry_id: work.registry_id, author_email: body.author_email });
      if (options.mail && body.co_author_invites.length > 0) {
        const invited = { id: work.id, registry_id: work.registry_id, co_authors: body.co_authors };
        // The work stands whatever happens to its invitations: the manage page can ask again.
        await inviteCoAuthors(deps, options.mail, invited, body.co_author_invites).catch((error: unknown) => {
          options.log.error({ err: error, submission: work.id }, 'co-author invitations not queued');
        });
      }
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
