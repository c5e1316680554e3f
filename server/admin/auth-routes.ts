// POST /api/admin/login, POST /api/admin/logout, GET /api/admin/session and, only when a master
// key is configured, POST /api/admin/register (decisions 0014, 0015).
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appError, type AppError } from '../../core/app-error';
import { MESSAGES, adminLoginThrottledMessage } from '../../core/messages';
import { firstIssueMessage, validationFailedError } from '../../core/validation';
import type { AppDeps } from '../deps';
import type { ValidationIssue } from '../http/errors';
import { rateLimitConfig } from '../http/rate-limit';
import { writeAudit } from '../audit/write-audit';
import { AdminCreateError, createAdmin } from './admin-users';
import { attemptLogin } from './login';
import { sessionStage } from './second-factor';
import { dummyPasswordHash } from './passwords';
import { ADMIN_SESSION_COOKIE, revokeSession, sessionCookieOptions } from './sessions';
import { requestMeta, signedInAdmin } from '../http/request-context';
import { loginSchema, logoutSchema, registerSchema, sessionSchema } from './schemas';

/**
 * Per-address budget of login (and register) attempts: an outer cap. The login throttle
 * (login-throttle.ts) works without it and is what slows password guessing.
 */
export const LOGIN_ATTEMPTS_PER_HOUR = 30;

const invalidCredentials = () =>
  appError('invalid_credentials', MESSAGES.adminLoginFailed.description, { title: MESSAGES.adminLoginFailed.title });

/** An over-long value is answered like a wrong password: it cannot be anyone's credentials. */
function loginValidationError(issues: ValidationIssue[]): AppError {
  return firstIssueMessage(issues).id === 'adminCredentialsTooLong' ? invalidCredentials() : validationFailedError(issues);
}

const invalidMasterKey = () =>
  appError('forbidden', MESSAGES.adminMasterKeyInvalid.description, { title: MESSAGES.adminMasterKeyInvalid.title });

/** Constant-time comparison of two secrets of any length: compares their SHA-256 digests. */
export function secretsMatch(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given, 'utf8').digest();
  const b = crypto.createHash('sha256').update(expected, 'utf8').digest();
  return crypto.timingSafeEqual(a, b);
}

export async function adminAuthRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const scope = fastify.withTypeProvider<ZodTypeProvider>();
  const loginLimit = rateLimitConfig('admin-login', LOGIN_ATTEMPTS_PER_HOUR, 'hour', deps.config.rateLimit.disabled);
  // Made before the first request, so an unknown e-mail never costs more than a known one.
  scope.addHook('onReady', async () => {
    await dummyPasswordHash();
  });

  const loginConfig = { adminPublic: true, rateLimit: loginLimit, validationError: loginValidationError };
  scope.post('/api/admin/login', { schema: loginSchema, config: loginConfig }, async (request, reply) => {
    const { email, password } = request.body;
    const result = await attemptLogin(deps, email, password, requestMeta(request));
    if (result.kind === 'invalid') throw invalidCredentials();
    if (result.kind === 'throttled') {
      const message = adminLoginThrottledMessage(result.retryAfterSeconds);
      throw appError('too_many_attempts', message.description, {
        title: message.title,
        headers: { 'Retry-After': String(result.retryAfterSeconds) },
      });
    }
    reply.setCookie(ADMIN_SESSION_COOKIE, result.token, sessionCookieOptions(deps.config));
    // Decision 0068: the password opens a half session; the stage says which step comes next.
    const half = { ...result.admin, sessionHash: '', sessionExpiresAt: result.expiresAt, secondFactor: null };
    const { stage, enrolled } = await sessionStage(deps, half);
    return { admin: result.admin, expires_at: result.expiresAt.toISOString(), stage, second_factor: null, enrolled };
  });

  scope.post('/api/admin/logout', { schema: logoutSchema, config: { adminHalfSession: true } }, async (request, reply) => {
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
    return { ok: true as const };
  });

  scope.get('/api/admin/session', { schema: sessionSchema, config: { adminHalfSession: true } }, async (request) => {
    const admin = signedInAdmin(request);
    const { stage, enrolled } = await sessionStage(deps, admin);
    return {
      admin: { id: admin.id, email: admin.email },
      expires_at: admin.sessionExpiresAt.toISOString(),
      stage,
      second_factor: admin.secondFactor,
      enrolled,
    };
  });

  const masterKey = deps.config.adminMasterKey;
  if (!masterKey) return; // Decision 0015: without a configured key the call does not exist.

  const registerLimit = rateLimitConfig('admin-register', LOGIN_ATTEMPTS_PER_HOUR, 'hour', deps.config.rateLimit.disabled);
  // A malformed body is refused like a wrong key: nothing tells a caller what the call expects.
  const registerConfig = { adminPublic: true, rateLimit: registerLimit, validationError: invalidMasterKey };
  scope.post('/api/admin/register', { schema: registerSchema, config: registerConfig }, async (request, reply) => {
    const body = request.body;
    if (!secretsMatch(body.masterKey ?? body.master_key ?? '', masterKey)) throw invalidMasterKey();
    const meta = requestMeta(request);
    try {
      const admin = await createAdmin(deps.db, body, { now: deps.now(), via: 'register call', ...meta });
      return reply.status(201).send({ admin });
    } catch (err) {
      if (err instanceof AdminCreateError) throw appError(err.code, err.message, { title: MESSAGES.adminMasterKeyInvalid.title });
      throw err;
    }
  });
}
