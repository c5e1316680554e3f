// Hooks of every /api/admin/* route: no caching, the CSRF check on state-changing calls, and the
// session check (except on the routes marked `adminPublic`: login and register). A half session
// (password only, decision 0068) passes only on the routes marked `adminHalfSession`: the
// session itself, sign-out and the second-factor steps.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appError } from '../../core/app-error';
import { MESSAGES } from '../../core/messages';
import { sendError } from '../http/errors';
import type { AppDeps } from '../deps';
import { ADMIN_SESSION_COOKIE, findSession } from './sessions';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing call must come from our own pages: the Origin header names the site, or the
 * browser says the request is same-origin (Sec-Fetch-Site, which pages cannot forge; it also
 * covers a development proxy that serves the pages from another port).
 */
export function isSameSiteRequest(request: FastifyRequest, siteUrl: string): boolean {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin === new URL(siteUrl).origin) return true;
  return request.headers['sec-fetch-site'] === 'same-origin';
}

export function installAdminGuards(scope: FastifyInstance, deps: AppDeps): void {
  scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-store');
    if (!SAFE_METHODS.has(request.method) && !isSameSiteRequest(request, deps.config.siteUrl)) {
      return sendError(reply, appError('csrf'));
    }
    if (request.routeOptions.config.adminPublic) return;
    const admin = await findSession(deps.db, request.cookies[ADMIN_SESSION_COOKIE], deps.now());
    if (!admin) return sendError(reply, appError('unauthorized', MESSAGES.adminLoginRequired.description));
    if (admin.secondFactor === null && !request.routeOptions.config.adminHalfSession) {
      const message = MESSAGES.adminSecondFactorRequired;
      return sendError(reply, appError('unauthorized', message.description, { title: message.title }));
    }
    request.admin = admin;
  });
}
