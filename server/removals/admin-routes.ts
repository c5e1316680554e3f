// Admin side of removal requests: GET /api/admin/removal-requests and
// POST /api/admin/removal-requests/:id/decision. Mounted inside the admin scope, whose hooks
// check the session and the request's origin.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PAGE_SIZES } from '../../core/constants';
import { validationFailedError } from '../../core/validation';
import type { AppDeps } from '../deps';
import { invalidListParameter } from '../http/list-query';
import { actorOf, requestMeta, signedInAdmin } from '../http/request-context';
import { removalDecisionRouteSchema, removalListSchema } from './admin-schemas';
import { listRemovalRequests, removalRequestCounts } from './removal-repository';
import { decideRemovalRequest } from './removal-service';
import type { WorkEvents } from '../works/work-events';

export async function removalAdminRoutes(fastify: FastifyInstance, deps: AppDeps, events: WorkEvents): Promise<void> {
  const scope = fastify.withTypeProvider<ZodTypeProvider>();

  scope.get(
    '/api/admin/removal-requests',
    { schema: removalListSchema, config: { validationError: invalidListParameter } },
    async (request) => {
      const query = request.query;
      const [page, counts] = await Promise.all([listRemovalRequests(deps.db, query), removalRequestCounts(deps.db)]);
      return { ...page, page: query.page, page_size: PAGE_SIZES.admin, counts };
    },
  );

  const decisionConfig = { validationError: validationFailedError };
  scope.post(
    '/api/admin/removal-requests/:id/decision',
    { schema: removalDecisionRouteSchema, config: decisionConfig },
    async (request) => {
      const admin = signedInAdmin(request);
      const decided = await decideRemovalRequest(deps, request.params.id, request.body, {
        admin: actorOf(admin),
        now: deps.now(),
        meta: requestMeta(request),
        events,
      });
      events.wake();
      return decided;
    },
  );
}
