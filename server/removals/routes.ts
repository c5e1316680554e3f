// HTTP routes of the removals feature: the public POST /api/removal-requests. The admin side
// (list and decision) lives in admin-routes.ts and is mounted behind the admin session check by
// server/admin/routes.ts.
import type { FastifyInstance } from 'fastify';
import { removalRequestSchema } from '../../core/schemas';
import { validationErrorBody } from '../../core/validation';
import type { AppDeps } from '../deps';
import { rateLimitConfig } from '../http/rate-limit';
import { createRemovalRequest } from './removal-service';

export async function removalsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const limit = rateLimitConfig('removals', deps.config.rateLimit.removalsPerDay, 'day', deps.config.rateLimit.disabled);
  app.post('/api/removal-requests', { config: { rateLimit: limit } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const parsed = removalRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) return reply.status(400).send(validationErrorBody(parsed.error));
    // request.ip honours TRUST_PROXY (DECISIONS #16); it is stored for admins only.
    const created = await createRemovalRequest(deps, parsed.data, request.ip);
    return reply.status(201).send(created);
  });
}
