// Admin side of removal requests: GET /api/admin/removal-requests and
// POST /api/admin/removal-requests/:id/decision. Mounted inside the admin scope, whose hooks
// check the session and the request's origin.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AdminRemovalRequestsResponse } from '../../core/admin-api-types';
import { PAGE_SIZES, REMOVAL_REQUEST_STATUSES } from '../../core/constants';
import { removalDecisionSchema } from '../../core/schemas';
import { validationErrorBody } from '../../core/validation';
import type { AppDeps } from '../deps';
import { pageParam, parseListQuery, searchParam } from '../admin/list-query';
import { actorOf, requestMeta, signedInAdmin } from '../admin/request-context';
import { listRemovalRequests, removalRequestCounts } from './removal-repository';
import { decideRemovalRequest } from './removal-service';

const listQuerySchema = z.object({
  status: z.enum(REMOVAL_REQUEST_STATUSES).optional().or(z.literal('').transform(() => undefined)),
  search: searchParam,
  page: pageParam,
});

export async function removalAdminRoutes(scope: FastifyInstance, deps: AppDeps): Promise<void> {
  scope.get('/api/admin/removal-requests', async (request) => {
    const query = parseListQuery(listQuerySchema, request.query);
    const [page, counts] = await Promise.all([listRemovalRequests(deps.db, query), removalRequestCounts(deps.db)]);
    const body: AdminRemovalRequestsResponse = { ...page, page: query.page, page_size: PAGE_SIZES.admin, counts };
    return body;
  });

  scope.post('/api/admin/removal-requests/:id/decision', async (request, reply) => {
    const parsed = removalDecisionSchema.safeParse(request.body ?? {});
    if (!parsed.success) return reply.status(400).send(validationErrorBody(parsed.error));
    const { id } = request.params as { id: string };
    const admin = signedInAdmin(request);
    return decideRemovalRequest(deps, id, parsed.data, { admin: actorOf(admin), now: deps.now(), meta: requestMeta(request) });
  });
}
