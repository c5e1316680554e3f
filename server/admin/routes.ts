// HTTP routes of the admin feature. Everything under /api/admin/* is registered inside one scope
// whose hooks (guards.ts) set no-store, refuse cross-site POSTs and require a live session on
// every route except login and register; a half session (password only) reaches only the
// second-factor steps, the session and sign-out (decision 0068). Which routes need the session is stated in
// /api/openapi.json (each operation's `security`), read from the same `adminPublic` flag.
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../core/app-error';
import { API_ERRORS } from '../../core/api-error-texts';
import type { AppDeps, FeatureOptions } from '../deps';
import { adminAuthRoutes } from './auth-routes';
import { secondFactorRoutes } from './factor-routes';
import { installAdminGuards } from './guards';
import { moderationRoutes } from './moderation-routes';
import { recordsRoutes } from './records-routes';
import type { WorkEvents } from '../works/work-events';

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
      done(badRequest(API_ERRORS.bodyNotJson), undefined);
    }
  });
  // Runs before the schema validation; Fastify leaves a request without a body at null.
  scope.addHook('preValidation', async (request) => {
    if (request.body === null || request.body === undefined) request.body = {};
  });
}

/** Routes another feature serves under /api/admin/* (removals); app.ts mounts them in the admin scope. */
export type AdminScopedRoutes = (scope: FastifyInstance, deps: AppDeps) => Promise<void>;

export interface AdminOptions extends FeatureOptions {
  events: WorkEvents;
  featureRoutes?: readonly AdminScopedRoutes[];
}

export async function adminRoutes(app: FastifyInstance, { deps, events, featureRoutes = [] }: AdminOptions): Promise<void> {
  await app.register(async (scope) => {
    acceptEmptyBody(scope);
    installAdminGuards(scope, deps);
    await adminAuthRoutes(scope, deps);
    await secondFactorRoutes(scope, deps);
    await moderationRoutes(scope, deps, events);
    for (const routes of featureRoutes) await routes(scope, deps);
    await recordsRoutes(scope, deps);
  });
}
