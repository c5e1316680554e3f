// The deleted-records page and the audit-log page.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PAGE_SIZES } from '../../core/constants';
import type { AppDeps } from '../deps';
import { listAuditEntries } from '../audit/audit-repository';
import { invalidListParameter } from '../http/list-query';
import { deletedCounters, deletedPage } from './deleted-repository';
import { auditLogSchema, deletedSchema } from './schemas';

const listConfig = { validationError: invalidListParameter };

export async function recordsRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const scope = fastify.withTypeProvider<ZodTypeProvider>();

  scope.get('/api/admin/deleted-submissions', { schema: deletedSchema, config: listConfig }, async (request) => {
    const query = request.query;
    const [page, counters] = await Promise.all([deletedPage(deps.db, query), deletedCounters(deps.db, deps.now())]);
    return { ...page, page: query.page, page_size: PAGE_SIZES.admin, counters };
  });

  scope.get('/api/admin/audit-log', { schema: auditLogSchema, config: listConfig }, async (request) => {
    const query = request.query;
    const page = await listAuditEntries(deps.db, query);
    return { ...page, page: query.page, page_size: PAGE_SIZES.audit };
  });
}
