// The admin webhook API (issue 39, decision 0069), in the admin scope (session, same-origin
// POSTs, no-store). The changes have a rate-limit family of their own: each address check
// resolves a name and each retry sends a request in our name.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../core/app-error';
import { MESSAGES } from '../../core/messages';
import { validationFailedError } from '../../core/validation';
import { WEBHOOK_LIMITS } from '../../core/webhooks';
import type { AppDeps } from '../deps';
import type { Fetcher } from '../fetcher/fetcher';
import { rateLimitConfig } from '../http/rate-limit';
import { actorOf, requestMeta, signedInAdmin } from '../http/request-context';
import type { WebhookDeliveries } from '../webhooks/delivery-job';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  retryWebhookDelivery,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  webhookDeliveries,
  type EndpointContext,
} from '../webhooks/endpoints';
import {
  webhookCreateSchema,
  webhookDeleteSchema,
  webhookDeliveriesSchema,
  webhookListSchema,
  webhookRetrySchema,
  webhookRotateSchema,
  webhookUpdateSchema,
} from './webhooks-schemas';
import type { FastifyRequest } from 'fastify';

const WEBHOOK_CHANGES_PER_HOUR = 120;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function contextOf(request: FastifyRequest): EndpointContext {
  return { admin: actorOf(signedInAdmin(request)), meta: requestMeta(request) };
}

/** An id that is not a UUID names no endpoint: a 404, not a database error. */
function endpointId(id: string): string {
  if (!UUID.test(id)) throw notFound(MESSAGES.webhookEndpointNotFound.description);
  return id;
}

export async function webhooksRoutes(
  fastify: FastifyInstance,
  deps: AppDeps,
  webhooks: { deliveries: WebhookDeliveries; fetcher: Pick<Fetcher, 'checkAddress'> },
): Promise<void> {
  const scope = fastify.withTypeProvider<ZodTypeProvider>();
  const changes = {
    rateLimit: rateLimitConfig('admin-webhooks', WEBHOOK_CHANGES_PER_HOUR, 'hour', deps.config.rateLimit.disabled),
    validationError: validationFailedError,
  };

  scope.get('/api/admin/webhooks', { schema: webhookListSchema }, async () => ({
    endpoints: await listWebhookEndpoints(deps),
    max_endpoints: WEBHOOK_LIMITS.maxEndpoints,
  }));

  scope.post('/api/admin/webhooks', { schema: webhookCreateSchema, config: changes }, async (request) =>
    createWebhookEndpoint(deps, (url) => webhooks.fetcher.checkAddress(url), request.body, contextOf(request)),
  );

  scope.post('/api/admin/webhooks/:id', { schema: webhookUpdateSchema, config: changes }, async (request) =>
    updateWebhookEndpoint(deps, endpointId(request.params.id), request.body, contextOf(request)),
  );

  scope.post('/api/admin/webhooks/:id/rotate-secret', { schema: webhookRotateSchema, config: changes }, async (request) =>
    rotateWebhookSecret(deps, endpointId(request.params.id), contextOf(request)),
  );

  scope.post('/api/admin/webhooks/:id/delete', { schema: webhookDeleteSchema, config: changes }, async (request) => {
    const id = endpointId(request.params.id);
    await deleteWebhookEndpoint(deps, id, contextOf(request));
    return { id, deleted: true as const };
  });

  scope.get('/api/admin/webhooks/:id/deliveries', { schema: webhookDeliveriesSchema }, async (request) =>
    webhookDeliveries(deps, endpointId(request.params.id)),
  );

  scope.post(
    '/api/admin/webhooks/:id/deliveries/:delivery/retry',
    { schema: webhookRetrySchema, config: changes },
    async (request) => {
      const { delivery } = request.params;
      if (!UUID.test(delivery)) throw notFound(MESSAGES.webhookDeliveryNotFound.description);
      return retryWebhookDelivery(deps, webhooks.deliveries, endpointId(request.params.id), delivery, contextOf(request));
    },
  );
}
