// POST /api/admin/login, POST /api/admin/logout, GET /api/admin/session and, only when a master
// key is configured, POST /api/admin/register (DECISIONS #14, #15).
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AdminLogoutResponse, AdminRegisterResponse, AdminSessionResponse } from '../../core/admin-api-types';
import { MESSAGES, adminLoginThrottledMessage } from '../../core/messages';
import { adminLoginSchema } from '../../core/schemas';
import { firstIssueMessage, validationErrorBody } from '../../core/validation';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { rateLimitConfig } from '../http/rate-limit';
import { writeAudit } from '../audit/write-audit';
import { AdminCreateError, createAdmin } from './admin-users';
import { attemptLogin } from './login';
import { scheduleLoginThrottleCleanup } from './login-throttle';
import { dummyPasswordHash } from './passwords';
import { ADMIN_SESSION_COOKIE, revokeSession, sessionCookieOptions } from './sessions';
import { requestMeta, signedInAdmin } from './request-context';

/**
 * Per-address budget of login (and register) attempts: an outer cap. The login throttle
 * (login-throttle.ts) works without it and is what slows password guessing.
 */
export const LOGIN_ATTEMPTS_PER_HOUR = 30;

const registerSchema = z.object({
  email: z.string().default(''),
  password: z.string().default(''),
  masterKey: z.string().optional(),
  master_key: z.string().optional(),
});

/** Constant-time comparison of two secrets of any length: compares their SHA-256 digests. */
export function secretsMatch(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given, 'utf8').digest();
  const b = crypto.createHash('sha256').update(expected, 'utf8').digest();
  return crypto.timingSafeEqual(a, b);
}

export async function adminAuthRoutes(scope: FastifyInstance, deps: AppDeps): Promise<void> {
  const loginLimit = rateLimitConfig('admin-login', LOGIN_ATTEMPTS_PER_HOUR, 'hour', deps.config.rateLimit.disabled);
  scheduleLoginThrottleCleanup(scope, deps.db, deps.now);
  // Made before the first request, so an unknown e-mail never costs more than a known one.
  scope.addHook('onReady', async () => {
    await dummyPasswordHash();
  });

  scope.post('/api/admin/login', { config: { adminPublic: true, rateLimit: loginLimit } }, async (request, reply) => {
    const parsed = adminLoginSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      // An over-long value is answered like a wrong password: it cannot be anyone's credentials.
      const status = firstIssueMessage(parsed.error).id === 'adminCredentialsTooLong' ? 401 : 400;
      return reply.status(status).send(validationErrorBody(parsed.error));
    }
    const result = await attemptLogin(deps, parsed.data.email, parsed.data.password, requestMeta(request));
    if (result.kind === 'invalid') {
      throw new HttpError(401, 'invalid_credentials', MESSAGES.adminLoginFailed.description, { title: MESSAGES.adminLoginFailed.title });
    }
    if (result.kind === 'throttled') {
      const message = adminLoginThrottledMessage(result.retryAfterSeconds);
      throw new HttpError(429, 'too_many_attempts', message.description, {
        title: message.title,
        headers: { 'Retry-After': String(result.retryAfterSeconds) },
      });
    }
    reply.setCookie(ADMIN_SESSION_COOKIE, result.token, sessionCookieOptions(deps.config));
    const body: AdminSessionResponse = { admin: result.admin, expires_at: result.expiresAt.toISOString() };
    return body;
  });

  scope.post('/api/admin/logout', async (request, reply) => {
    const admin = signedInAdmin(request);
    const now = deps.now();
    const meta = requestMeta(request);
    await deps.db.transaction().execute(async (trx) => {
      await revokeSession(trx, admin.sessionHash, now);
      await writeAudit(trx, {
        table_name: 'admin_users',
        record_id: admin.id,
        action_type: 'LOGOUT',
        admin,
        reason: 'Admin signed out',
        ip: meta.ip,
        user_agent: meta.user_agent,
        at: now,
      });
    });
    reply.clearCookie(ADMIN_SESSION_COOKIE, sessionCookieOptions(deps.config));
    const body: AdminLogoutResponse = { ok: true };
    return body;
  });

  scope.get('/api/admin/session', async (request) => {
    const admin = signedInAdmin(request);
    const body: AdminSessionResponse = {
      admin: { id: admin.id, email: admin.email },
      expires_at: admin.sessionExpiresAt.toISOString(),
    };
    return body;
  });

  const masterKey = deps.config.adminMasterKey;
  if (!masterKey) return; // DECISIONS #15: without a configured key the call does not exist.

  const registerLimit = rateLimitConfig('admin-register', LOGIN_ATTEMPTS_PER_HOUR, 'hour', deps.config.rateLimit.disabled);
  scope.post('/api/admin/register', { config: { adminPublic: true, rateLimit: registerLimit } }, async (request, reply) => {
    const parsed = registerSchema.safeParse(request.body ?? {});
    const given = parsed.success ? (parsed.data.masterKey ?? parsed.data.master_key ?? '') : '';
    if (!parsed.success || !secretsMatch(given, masterKey)) {
      throw new HttpError(403, 'forbidden', 'Invalid master key.', { title: 'Registration failed' });
    }
    const meta = requestMeta(request);
    try {
      const admin = await createAdmin(deps.db, parsed.data, { now: deps.now(), via: 'register call', ...meta });
      const body: AdminRegisterResponse = { admin };
      return reply.status(201).send(body);
    } catch (err) {
      if (err instanceof AdminCreateError) {
        const status = err.code === 'admin_exists' ? 409 : 400;
        throw new HttpError(status, err.code, err.message, { title: 'Registration failed' });
      }
      throw err;
    }
  });
}
