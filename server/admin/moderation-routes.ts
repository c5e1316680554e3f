// Dashboard and moderation calls: the submissions list, remove / restore / purge, the admin-only
// image, a work's full record with its audit trail, and the image check.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AdminSubmissionDetails, AdminSubmissionsResponse } from '../../core/admin-api-types';
import { LIMITS, PAGE_SIZES } from '../../core/constants';
import { perLedgerVersion, readLedgerVersion } from '../db/ledger-version';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { isValidObjectKey } from '../storage/object-store';
import { auditTrail } from '../audit/audit-repository';
import { checkImages } from './image-check';
import { dashboardCounts, dashboardPage } from './dashboard-repository';
import { toAdminRecord } from './deleted-repository';
import { pageParam, parseListQuery, searchParam } from './list-query';
import { restoreSubmission, softDeleteSubmission, type ModerationContext } from './moderation';
import { checkPurgeConfirmation, purgeSubmission } from './purge';
import { actorOf, requestMeta, signedInAdmin } from './request-context';
import { loadSubmission } from './submission-ref';

const emptyAsUndefined = <T extends z.ZodType>(schema: T) => schema.optional().or(z.literal('').transform(() => undefined));

const dashboardQuerySchema = z.object({
  search: searchParam,
  visibility: emptyAsUndefined(z.enum(['public', 'private'])),
  status: emptyAsUndefined(z.enum(['verified', 'review'])),
  page: pageParam,
});

const imageCheckQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});

/** A required reason of at most 2000 characters, with messages the admin pages can show as they are. */
function reasonOf(body: unknown, what: string, required: boolean): string | null {
  const raw = (body as { reason?: unknown } | null)?.reason;
  const reason = typeof raw === 'string' ? raw.trim() : '';
  if (raw !== undefined && raw !== null && typeof raw !== 'string') {
    throw new HttpError(400, 'validation_failed', 'The reason must be text.', { title: 'Error', fields: { reason: 'The reason must be text.' } });
  }
  if (required && !reason) {
    const message = `Please give a reason for ${what}.`;
    throw new HttpError(400, 'validation_failed', message, { title: 'Error', fields: { reason: message } });
  }
  if (reason.length > LIMITS.removalReason) {
    const message = `The reason can be at most ${LIMITS.removalReason} characters.`;
    throw new HttpError(400, 'validation_failed', message, { title: 'Reason too long', fields: { reason: message } });
  }
  return reason || null;
}

function contextOf(request: FastifyRequest, deps: AppDeps): ModerationContext {
  return { admin: actorOf(signedInAdmin(request)), now: deps.now(), meta: requestMeta(request) };
}

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

export async function moderationRoutes(scope: FastifyInstance, deps: AppDeps): Promise<void> {
  // The counts cover every active work; they change only with the ledger.
  const dashboardCountsAt = perLedgerVersion(() => dashboardCounts(deps.db));

  scope.get('/api/admin/submissions', async (request) => {
    const query = parseListQuery(dashboardQuerySchema, request.query);
    const counts = await dashboardCountsAt(await readLedgerVersion(deps.db));
    const page = await dashboardPage(deps.db, query, counts);
    const body: AdminSubmissionsResponse = { ...page, page: query.page, page_size: PAGE_SIZES.admin, counts };
    return body;
  });

  scope.post('/api/admin/submissions/:id/remove', async (request) => {
    const reason = reasonOf(request.body, 'removing this submission', true) as string;
    const ctx = contextOf(request, deps);
    return deps.db.transaction().execute(async (trx) => softDeleteSubmission(trx, await loadSubmission(trx, idOf(request), true), reason, ctx));
  });

  scope.post('/api/admin/submissions/:id/restore', async (request) => {
    const reason = reasonOf(request.body, 'restoring this submission', false);
    const ctx = contextOf(request, deps);
    return deps.db.transaction().execute(async (trx) => restoreSubmission(trx, await loadSubmission(trx, idOf(request), true), reason, ctx));
  });

  scope.post('/api/admin/submissions/:id/purge', async (request) => {
    const reason = reasonOf(request.body, 'purging this submission', true) as string;
    const rawConfirm = (request.body as { confirm?: unknown } | null)?.confirm;
    const confirm = typeof rawConfirm === 'string' ? rawConfirm : '';
    const ctx = contextOf(request, deps);
    return deps.db.transaction().execute(async (trx) => {
      const row = await loadSubmission(trx, idOf(request), true);
      checkPurgeConfirmation(row, confirm);
      return purgeSubmission(trx, deps.store, row, reason, ctx);
    });
  });

  scope.get('/api/admin/submissions/:id/image', async (request, reply) => {
    const row = await loadSubmission(deps.db, idOf(request));
    const key = row.image_key;
    const object = key && isValidObjectKey(key) ? await deps.store.stream('artworks', key) : null;
    if (!object) throw new HttpError(404, 'not_found', 'Image not found.');
    reply.header('Content-Length', object.size);
    reply.type('image/jpeg');
    return reply.send(object.body);
  });

  scope.get('/api/admin/submissions/:id/details', async (request) => {
    const row = await loadSubmission(deps.db, idOf(request));
    const body: AdminSubmissionDetails = {
      submission: toAdminRecord(row),
      audit_trail: await auditTrail(deps.db, 'submissions', row.id),
    };
    return body;
  });

  scope.post('/api/admin/images/check', async (request) => {
    const range = parseListQuery(imageCheckQuerySchema, request.query);
    return checkImages(deps, range);
  });
}
