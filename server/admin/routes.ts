// HTTP routes of the admin feature. Everything under /api/admin/* is registered inside one scope
// whose hooks (guards.ts) set no-store, refuse cross-site POSTs and require a live session on
// every route except login and register.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { removalAdminRoutes } from '../removals/admin-routes';
import { adminAuthRoutes } from './auth-routes';
import { installAdminGuards } from './guards';
import { moderationRoutes } from './moderation-routes';
import { recordsRoutes } from './records-routes';

/**
 * Every admin API route, for the test that proves each one refuses a request without a valid
 * session. The test also reads the server's route table, so a route missing here fails it.
 * `public` routes are reachable without a session.
 */
export const ADMIN_ROUTES: readonly { method: 'GET' | 'POST'; url: string; public?: boolean; onlyWithMasterKey?: boolean }[] = [
  { method: 'POST', url: '/api/admin/login', public: true },
  { method: 'POST', url: '/api/admin/register', public: true, onlyWithMasterKey: true },
  { method: 'POST', url: '/api/admin/logout' },
  { method: 'GET', url: '/api/admin/session' },
  { method: 'GET', url: '/api/admin/submissions' },
  { method: 'POST', url: '/api/admin/submissions/:id/remove' },
  { method: 'POST', url: '/api/admin/submissions/:id/restore' },
  { method: 'POST', url: '/api/admin/submissions/:id/purge' },
  { method: 'GET', url: '/api/admin/submissions/:id/image' },
  { method: 'GET', url: '/api/admin/submissions/:id/details' },
  { method: 'POST', url: '/api/admin/images/check' },
  { method: 'GET', url: '/api/admin/removal-requests' },
  { method: 'POST', url: '/api/admin/removal-requests/:id/decision' },
  { method: 'GET', url: '/api/admin/deleted-submissions' },
  { method: 'GET', url: '/api/admin/audit-log' },
];

/** Admin pages may POST without a body (logout); an empty JSON body then means `{}`. */
function acceptEmptyJson(scope: FastifyInstance): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const body = String(text);
    if (body.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(body));
    } catch {
      done(new HttpError(400, 'bad_request', 'The request body is not valid JSON.'), undefined);
    }
  });
}

export async function adminRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    acceptEmptyJson(scope);
    installAdminGuards(scope, deps);
    await adminAuthRoutes(scope, deps);
    await moderationRoutes(scope, deps);
    await removalAdminRoutes(scope, deps);
    await recordsRoutes(scope, deps);
  });
}
