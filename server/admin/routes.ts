// HTTP routes of the admin feature. Everything under /api/admin/* is registered inside one scope
// whose hooks (guards.ts) set no-store, refuse cross-site POSTs and require a live session on
// every route except login and register. Which routes need the session is stated in
// /api/openapi.json (each operation's `security`), read from the same `adminPublic` flag.
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../core/app-error';
import type { AppDeps } from '../deps';
import { adminAuthRoutes } from './auth-routes';
import { installAdminGuards } from './guards';
import { moderationRoutes } from './moderation-routes';
import { recordsRoutes } from './records-routes';

/**
 * Admin pages may POST without a body (logout) or with an empty one: either then means `{}`, so
 * a route's body schema sees `{}` and answers with its own messages.
 */
function acceptEmptyBody(scope: FastifyInstance): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const body = String(text);
    if (body.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(body));
    } catch {
      done(badRequest('The request body is not valid JSON.'), undefined);
    }
  });
  // Runs before the schema validation; Fastify leaves a request without a body at null.
  scope.addHook('preValidation', async (request) => {
    if (request.body === null || request.body === undefined) request.body = {};
  });
}

/** Routes another feature serves under /api/admin/* (removals); app.ts mounts them in the admin scope. */
export type AdminScopedRoutes = (scope: FastifyInstance, deps: AppDeps) => Promise<void>;

export async function adminRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  featureRoutes: readonly AdminScopedRoutes[] = [],
): Promise<void> {
  await app.register(async (scope) => {
    acceptEmptyBody(scope);
    installAdminGuards(scope, deps);
    await adminAuthRoutes(scope, deps);
    await moderationRoutes(scope, deps);
    for (const routes of featureRoutes) await routes(scope, deps);
    await recordsRoutes(scope, deps);
  });
}
