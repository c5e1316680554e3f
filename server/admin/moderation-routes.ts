// Dashboard and moderation calls: the submissions list, remove / restore / purge, the admin-only
// image, a work's full record with its audit trail, and the image check.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../core/app-error';
import { API_ERRORS } from '../../core/api-error-texts';
import { PAGE_SIZES } from '../../core/constants';
import { validationFailedError } from '../../core/validation';
import { perLedgerVersion, readLedgerVersion } from '../ledger-cache';
import type { AppDeps } from '../deps';
import { isValidObjectKey } from '../storage/object-store';
import { auditTrail } from '../audit/audit-repository';
import { checkImages } from './image-check';
import { dashboardCounts, dashboardPage } from './dashboard-repository';
import { toAdminRecord } from './deleted-repository';
import { invalidListParameter } from '../http/list-query';
import {
  checkPurgeConfirmation,
  purgeSubmission,
  restoreSubmission,
  softDeleteSubmission,
  type ModerationContext,
} from '../works/lifecycle';
import { actorOf, requestMeta, signedInAdmin } from '../http/request-context';
import {
  adminImageSchema,
  dashboardSchema,
  detailsSchema,
  imageCheckSchema,
  purgeSchema,
  removeSchema,
  restoreSchema,
} from './schemas';
import { loadSubmission } from './submission-ref';
import type { WorkEvents } from '../works/work-events';
import { ledgerTransaction } from '../works/ledger-transaction';

function contextOf(request: FastifyRequest, deps: AppDeps, events: WorkEvents): ModerationContext {
  return { admin: actorOf(signedInAdmin(request)), now: deps.now(), meta: requestMeta(request), events };
}

/** The reason's messages (core/admin-reason.ts) are the answer's, for the admin pages to show as they are. */
const reasonConfig = { validationError: validationFailedError };
const listConfig = { validationError: invalidListParameter };

export async function moderationRoutes(fastify: FastifyInstance, deps: AppDeps, events: WorkEvents): Promise<void> {
  const scope = fastify.withTypeProvider<ZodTypeProvider>();
  // The counts cover every active work; they change only with the ledger.
  const dashboardCountsAt = perLedgerVersion(() => dashboardCounts(deps.db));

  scope.get('/api/admin/submissions', { schema: dashboardSchema, config: listConfig }, async (request) => {
    const query = request.query;
    const counts = await dashboardCountsAt(await readLedgerVersion(deps.db));
    const page = await dashboardPage(deps.db, query, counts);
    return { ...page, page: query.page, page_size: PAGE_SIZES.admin, counts };
  });

  scope.post('/api/admin/submissions/:id/remove', { schema: removeSchema, config: reasonConfig }, async (request) => {
    const { reason } = request.body;
    const ctx = contextOf(request, deps, events);
    const result = await ledgerTransaction(deps.db, async (trx) =>
      softDeleteSubmission(trx, await loadSubmission(trx, request.params.id, true), reason, ctx),
    );
    events.wake();
    return result;
  });

  scope.post('/api/admin/submissions/:id/restore', { schema: restoreSchema, config: reasonConfig }, async (request) => {
    const reason = request.body.reason || null;
    const ctx = contextOf(request, deps, events);
    const result = await ledgerTransaction(deps.db, async (trx) =>
      restoreSubmission(trx, await loadSubmission(trx, request.params.id, true), reason, ctx),
    );
    events.wake();
    return result;
  });

  scope.post('/api/admin/submissions/:id/purge', { schema: purgeSchema, config: reasonConfig }, async (request) => {
    const { reason, confirm = '' } = request.body;
    const ctx = contextOf(request, deps, events);
    return ledgerTransaction(deps.db, async (trx) => {
      const row = await loadSubmission(trx, request.params.id, true);
      checkPurgeConfirmation(row, confirm);
      return purgeSubmission(trx, deps.store, row, reason, ctx);
    });
  });

  scope.get('/api/admin/submissions/:id/image', { schema: adminImageSchema }, async (request, reply) => {
    const row = await loadSubmission(deps.db, request.params.id);
    const key = row.image_key;
    const object = key && isValidObjectKey(key) ? await deps.store.stream('artworks', key) : null;
    if (!object) throw notFound(API_ERRORS.imageNotFound);
    reply.header('Content-Length', object.size);
    reply.type('image/jpeg');
    return reply.send(object.body);
  });

  scope.get('/api/admin/submissions/:id/details', { schema: detailsSchema }, async (request) => {
    const row = await loadSubmission(deps.db, request.params.id);
    return { submission: toAdminRecord(row), audit_trail: await auditTrail(deps.db, 'submissions', row.id) };
  });

  scope.post('/api/admin/images/check', { schema: imageCheckSchema, config: listConfig }, async (request) =>
    checkImages(deps, request.query),
  );
}
