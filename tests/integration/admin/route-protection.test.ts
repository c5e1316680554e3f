// Every admin API route, read from /api/openapi.json and checked against the server's own route
// table, refuses a request without a live session: none, a forged cookie, an expired session, a
// revoked session. Every POST refuses a cross-site request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminGet,
  adminPost,
  createAdminAccount,
  createAdminTestApp,
  signIn,
  signInWithPasswordOnly,
  type AdminTestApp,
} from './admin-test-kit';

const UNAUTHORIZED = { error: { code: 'unauthorized', message: 'You must be logged in as an admin to access this page.' } };
const SOME_UUID = '5b0c6a4e-1d2f-4c3b-9a8e-7f6d5c4b3a21';

interface AdminRoute {
  method: string;
  url: string;
  /** The operation's `security` names the admin session. */
  needsSession: boolean;
}

type OpenApiDocument = { paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>> };

/** The admin operations of the document, with their paths written the Fastify way ('{id}' → ':id'). */
function documentedAdminRoutes(document: OpenApiDocument): AdminRoute[] {
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        method: method.toUpperCase(),
        url: path.replace(/\{(\w+)\}/g, ':$1'),
        needsSession: (operation.security ?? []).some((requirement) => 'adminSession' in requirement),
      })),
    );
}

function withId(url: string): string {
  return url.replace(':id', SOME_UUID);
}

let t: AdminTestApp;
let adminRoutes: AdminRoute[];

beforeAll(async () => {
  t = await createAdminTestApp({ ADMIN_MASTER_KEY: 'a-master-key-of-enough-length' });
  await createAdminAccount(t);
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  adminRoutes = documentedAdminRoutes(res.json());
});
afterAll(async () => {
  await t.close();
});

function call(route: { method: string; url: string }, cookie?: string) {
  return route.method === 'GET' ? adminGet(t, withId(route.url), cookie) : adminPost(t, withId(route.url), {}, cookie);
}

const protectedRoutes = () => adminRoutes.filter((r) => r.needsSession);
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('admin route protection', () => {
  it('documents exactly the admin routes the server serves, login and register as the only public ones', () => {
    const served = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .map(key)
      .sort();
    expect(adminRoutes.map(key).sort()).toEqual(served);
    // 17, the 7 webhook routes, the 10 second-factor routes (issue 39) and the 2 claim-dispute routes (issue 33).
    expect(served.length).toBe(36);
    expect(
      adminRoutes
        .filter((r) => !r.needsSession)
        .map(key)
        .sort(),
    ).toEqual(['POST /api/admin/login', 'POST /api/admin/register']);
  });

  it('answers 401 with the login-required message on every protected route without a cookie', async () => {
    for (const route of protectedRoutes()) {
      const res = await call(route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toEqual(UNAUTHORIZED);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers 401 on every protected route with a forged session cookie', async () => {
    for (const cookie of ['ledger_admin=forged', `ledger_admin=${'A'.repeat(43)}`]) {
      for (const route of protectedRoutes()) {
        const res = await call(route, cookie);
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json()).toEqual(UNAUTHORIZED);
      }
    }
  });

  it('answers 401 on every protected route once the session has expired', async () => {
    const cookie = await signIn(t);
    expect((await adminGet(t, '/api/admin/session', cookie)).statusCode).toBe(200);
    await t.deps.db
      .updateTable('admin_sessions')
      .set({ expires_at: new Date(t.clock.now().getTime() - 1000) })
      .execute();
    for (const route of protectedRoutes()) {
      const res = await call(route, cookie);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toEqual(UNAUTHORIZED);
    }
  });

  it('lets a half session (password only) reach only the session, sign-out and the second-factor steps', async () => {
    const cookie = await signInWithPasswordOnly(t);
    const halfSessionRoutes = [
      'GET /api/admin/session',
      'POST /api/admin/logout',
      'POST /api/admin/second-factor/passkey/options',
      'POST /api/admin/second-factor/passkey/register',
      'POST /api/admin/second-factor/passkey/register-options',
      'POST /api/admin/second-factor/passkey/verify',
      'POST /api/admin/second-factor/recovery-code',
      'POST /api/admin/second-factor/totp/confirm',
      'POST /api/admin/second-factor/totp/setup',
      'POST /api/admin/second-factor/totp/verify',
    ];
    const refused = protectedRoutes().filter((route) => !halfSessionRoutes.includes(key(route)));
    expect(protectedRoutes().length - refused.length).toBe(halfSessionRoutes.length);
    for (const route of refused) {
      const res = await call(route, cookie);
      expect(res.statusCode, key(route)).toBe(401);
      expect(res.json()).toEqual({
        error: {
          code: 'unauthorized',
          title: 'Second factor required',
          message: 'Confirm your sign-in with a passkey, an authenticator code or a recovery code.',
        },
      });
    }
    expect((await adminGet(t, '/api/admin/session', cookie)).json()).toMatchObject({ stage: 'verify', second_factor: null });
  });

  it('answers 401 on every protected route with the cookie of a session that logged out', async () => {
    const cookie = await signIn(t);
    expect((await adminPost(t, '/api/admin/logout', {}, cookie)).statusCode).toBe(200);
    for (const route of protectedRoutes()) {
      const res = await call(route, cookie);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it("refuses every admin POST without the site's Origin with 403 'Cross-site request refused.', login included", async () => {
    const cookie = await signIn(t);
    const posts = adminRoutes.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.url)).toContain('/api/admin/login');
    for (const origin of [{ origin: 'https://evil.example' }, { origin: 'null' }, {}]) {
      for (const route of posts) {
        const res = await t.app.inject({ method: 'POST', url: withId(route.url), headers: { cookie, ...origin }, payload: {} });
        expect(res.statusCode, `${route.url} ${JSON.stringify(origin)}`).toBe(403);
        expect(res.json()).toEqual({ error: { code: 'csrf', message: 'Cross-site request refused.' } });
      }
    }
    // The session survived: the refused logout did nothing.
    expect((await adminGet(t, '/api/admin/session', cookie)).statusCode).toBe(200);
  });

  it('accepts a POST the browser marks as same-origin even when the Origin names another port (development proxy)', async () => {
    const cookie = await signIn(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { cookie, origin: 'http://localhost:5173', 'sec-fetch-site': 'same-origin' },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
  });
});
