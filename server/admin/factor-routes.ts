// Routes of the admin second factor (decision 0068) under /api/admin/second-factor/*. The enrol
// and verify steps are marked `adminHalfSession`: the guard lets a half session (password only)
// reach them and nothing else. A step that completes the sign-in sets the new session's cookie.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps';
import { rateLimitConfig } from '../http/rate-limit';
import { requestMeta, signedInAdmin } from '../http/request-context';
import { LOGIN_ATTEMPTS_PER_HOUR } from './auth-routes';
import {
  factorRemoveSchema,
  factorsListSchema,
  passkeyOptionsSchema,
  passkeyRegisterOptionsSchema,
  passkeyRegisterSchema,
  passkeyVerifySchema,
  recoveryVerifySchema,
  totpConfirmSchema,
  totpSetupSchema,
  totpVerifySchema,
} from './factor-schemas';
import {
  confirmTotpSetup,
  listAdminFactors,
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  registerPasskey,
  removeFactor,
  startTotpSetup,
  verifyPasskeySignIn,
  verifyRecoveryCode,
  verifyTotpSignIn,
} from './second-factor';
import { ADMIN_SESSION_COOKIE, sessionCookieOptions } from './sessions';

const BASE = '/api/admin/second-factor';

export async function secondFactorRoutes(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const scope = fastify.withTypeProvider<ZodTypeProvider>();
  const half = { adminHalfSession: true };
  // The verify steps share the sign-in's outer per-address budget; the throttle does the rest.
  const verifyLimit = rateLimitConfig('admin-second-factor', LOGIN_ATTEMPTS_PER_HOUR, 'hour', deps.config.rateLimit.disabled);
  const verify = { adminHalfSession: true, rateLimit: verifyLimit };
  const setCookie = (reply: { setCookie: (name: string, value: string, options: object) => unknown }, token: string | null) => {
    if (token) reply.setCookie(ADMIN_SESSION_COOKIE, token, sessionCookieOptions(deps.config));
  };

  scope.get(BASE, { schema: factorsListSchema }, async (request) => {
    const admin = signedInAdmin(request);
    const listed = await listAdminFactors(deps, admin);
    return { ...listed, session_factor: admin.secondFactor };
  });

  scope.post(`${BASE}/:id/remove`, { schema: factorRemoveSchema }, async (request) => {
    await removeFactor(deps, signedInAdmin(request), request.params.id, requestMeta(request));
    return { ok: true as const };
  });

  scope.post(`${BASE}/totp/setup`, { schema: totpSetupSchema, config: half }, async (request) =>
    startTotpSetup(deps, signedInAdmin(request)),
  );

  scope.post(`${BASE}/totp/confirm`, { schema: totpConfirmSchema, config: half }, async (request, reply) => {
    const { code, label } = request.body;
    const done = await confirmTotpSetup(deps, signedInAdmin(request), code, label, requestMeta(request));
    setCookie(reply, done.token);
    return done.result;
  });

  scope.post(`${BASE}/passkey/register-options`, { schema: passkeyRegisterOptionsSchema, config: half }, async (request) => ({
    options: await passkeyRegistrationOptions(deps, signedInAdmin(request)),
  }));

  scope.post(`${BASE}/passkey/register`, { schema: passkeyRegisterSchema, config: half }, async (request, reply) => {
    const { response, label } = request.body;
    const done = await registerPasskey(deps, signedInAdmin(request), response, label, requestMeta(request));
    setCookie(reply, done.token);
    return done.result;
  });

  scope.post(`${BASE}/passkey/options`, { schema: passkeyOptionsSchema, config: half }, async (request) => ({
    options: await passkeyAuthenticationOptions(deps, signedInAdmin(request)),
  }));

  scope.post(`${BASE}/passkey/verify`, { schema: passkeyVerifySchema, config: verify }, async (request, reply) => {
    const done = await verifyPasskeySignIn(deps, signedInAdmin(request), request.body.response, requestMeta(request));
    setCookie(reply, done.token);
    return done.result;
  });

  scope.post(`${BASE}/totp/verify`, { schema: totpVerifySchema, config: verify }, async (request, reply) => {
    const done = await verifyTotpSignIn(deps, signedInAdmin(request), request.body.code, requestMeta(request));
    setCookie(reply, done.token);
    return done.result;
  });

  scope.post(`${BASE}/recovery-code`, { schema: recoveryVerifySchema, config: verify }, async (request, reply) => {
    const done = await verifyRecoveryCode(deps, signedInAdmin(request), request.body.code, requestMeta(request));
    setCookie(reply, done.token);
    return done.result;
  });
}
