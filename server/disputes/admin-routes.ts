// Admin side of claim disputes: GET /api/admin/claim-disputes and
// POST /api/admin/claim-disputes/:id/decision. Mounted inside the admin scope, whose hooks check
// the session and the request's origin.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PAGE_SIZES } from '../../core/constants';
import { validationFailedError } from '../../core/validation';
import type { AppDeps } from '../deps';
import { invalidListParameter } from '../http/list-query';
import { actorOf, requestMeta, signedInAdmin } from '../http/request-context';
import type { MailSender } from '../mail/mail-queue';
import { disputeCounts, listDisputes } from './dispute-repository';
import { decideClaimDispute, type NameRescores } from './dispute-service';
import { disputeDecisionSchema, disputeListSchema } from './schemas';

export async function disputeAdminRoutes(
  fastify: FastifyInstance,
  deps: AppDeps,
  mailer: MailSender,
  rescores: NameRescores,
): Promise<void> {
  const scope = fastify.withTypeProvider<ZodTypeProvider>();

  scope.get(
    '/api/admin/claim-disputes',
    { schema: disputeListSchema, config: { validationError: invalidListParameter } },
    async (request) => {
      const query = request.query;
      const [page, counts] = await Promise.all([listDisputes(deps.db, query), disputeCounts(deps.db)]);
      return { ...page, page: query.page, page_size: PAGE_SIZES.admin, counts };
    },
  );

  scope.post(
    '/api/admin/claim-disputes/:id/decision',
    { schema: disputeDecisionSchema, config: { validationError: validationFailedError } },
    async (request) => {
      const admin = signedInAdmin(request);
      const dispute = await decideClaimDispute(deps, rescores, mailer, request.params.id, request.body, {
        admin: actorOf(admin),
        now: deps.now(),
        meta: requestMeta(request),
      });
      return { dispute };
    },
  );
}
