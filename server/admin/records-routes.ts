// The deleted-records page and the audit-log page.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AUDIT_LOG_ACTIONS, type AdminDeletedSubmissionsResponse, type AuditLogResponse } from '../../core/admin-api-types';
import { PAGE_SIZES } from '../../core/constants';
import type { AppDeps } from '../deps';
import { listAuditEntries } from '../audit/audit-repository';
import { deletedCounters, deletedPage } from './deleted-repository';
import { pageParam, parseListQuery, searchParam } from './list-query';

const deletedQuerySchema = z.object({ search: searchParam, page: pageParam });

const auditQuerySchema = z.object({
  search: searchParam,
  table: z.string().trim().max(100).optional().transform((s) => s || undefined),
  action: z.enum(AUDIT_LOG_ACTIONS).optional().or(z.literal('').transform(() => undefined)),
  page: pageParam,
});

export async function recordsRoutes(scope: FastifyInstance, deps: AppDeps): Promise<void> {
  scope.get('/api/admin/deleted-submissions', async (request) => {
    const query = parseListQuery(deletedQuerySchema, request.query);
    const [page, counters] = await Promise.all([deletedPage(deps.db, query), deletedCounters(deps.db, deps.now())]);
    const body: AdminDeletedSubmissionsResponse = { ...page, page: query.page, page_size: PAGE_SIZES.admin, counters };
    return body;
  });

  scope.get('/api/admin/audit-log', async (request) => {
    const query = parseListQuery(auditQuerySchema, request.query);
    const page = await listAuditEntries(deps.db, query);
    const body: AuditLogResponse = { ...page, page: query.page, page_size: PAGE_SIZES.audit };
    return body;
  });
}
