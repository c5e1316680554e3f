// Requests by route pattern and status, and rate-limit refusals by family. The route label is the
// pattern the request matched (`/api/submissions/:id`), never the address asked for, so the
// series stay few and no ID or query reaches them; a request no route matched is `unmatched`.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/app-error';
import type { Metrics } from './instruments';

/** The methods a route may declare; anything else a client sends is counted as OTHER. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export const UNMATCHED_ROUTE = 'unmatched';

function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

/** The family a rate-limited route counts in (rateLimitConfig's group, or a weighted limit's first budget). */
function familyOf(request: FastifyRequest): string {
  const config = request.routeOptions.config as {
    rateLimit?: { groupId?: unknown } | false;
    weightedRateLimit?: { budgets: readonly { family: string }[] };
  };
  const group = config.rateLimit ? config.rateLimit.groupId : undefined;
  if (typeof group === 'string') return group.replace(/^:/, '');
  return config.weightedRateLimit?.budgets[0]?.family ?? 'unknown';
}

function countAnswer(metrics: Metrics, request: FastifyRequest, reply: FastifyReply, route: string): void {
  const labels = {
    method: KNOWN_METHODS.has(request.method) ? request.method : 'OTHER',
    route,
    status: String(reply.statusCode),
  };
  metrics.http.requests.inc(labels);
  metrics.http.duration.observe(labels, reply.elapsedTime / 1000);
}

export type FrameworkErrorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * Fastify's own refusals before routing (a broken %-escape in the path) run no route hooks: the
 * handler of those is wrapped instead, and its answers counted as `unmatched`.
 */
export function countFrameworkErrors(metrics: Metrics, handler: FrameworkErrorHandler): FrameworkErrorHandler {
  return (error, request, reply) => {
    reply.raw.once('finish', () => countAnswer(metrics, request, reply, UNMATCHED_ROUTE));
    return handler(error, request, reply);
  };
}

/** Call before any route is registered: the hooks then apply to every route. */
export function installHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => countAnswer(metrics, request, reply, routeOf(request)));
  // Every refusal of a rate limit is an AppError 'rate_limited' thrown to the one error handler
  // (rate-limit.ts, weighted-rate-limit.ts); other 429s (an image share, a connection cap) are not.
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof AppError && error.code === 'rate_limited') metrics.http.rateLimitRefusals.inc({ family: familyOf(request) });
  });
}
