// Every admin API route, read from the server's own route table, refuses a request without a live
// session: none, a forged cookie, an expired session, a revoked session. Every POST refuses a
// cross-site request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from '../../../server/admin/routes';
import {
  adminGet,
  adminPost,
  createAdminAccount,
  createAdminTestApp,
  signIn,
  type AdminTestApp,
} from './admin-test-kit';

const UNAUTHORIZED = { error: { code: 'unauthorized', message: 'You must be logged in as an admin to access this page.' } };
const SOME_UUID = '5b0c6a4e-1d2f-4c3b-9a8e-7f6d5c4b3a21';

/** Method + full path of every route, rebuilt from the indented tree of app.printRoutes(). */
function routeTable(printed: string): { method: string; url: string }[] {
  const stack: string[] = [];
  const out: { method: string; url: string }[] = [];
  for (const line of printed.split('\n')) {
    const m = /^([│ ├└─]*?)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack[depth] = m[2];
    if (!m[3]) continue;
    const url = stack.join('').replace(/^\/+/, '/');
    for (const method of m[3].split(', ')) out.push({ method, url });
  }
  return out;
}

function withId(url: string): string {
  return url.replace(':id', SOME_UUID);
}

let t: AdminTestApp;
let adminRoutes: { method: string; url: string }[];

beforeAll(async () => {
  t = await createAdminTestApp({ ADMIN_MASTER_KEY: 'a-master-key-of-enough-length' });
  await createAdminAccount(t);
  adminRoutes = routeTable(t.app.printRoutes({ commonPrefix: false }))
    .filter((r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD');
});
afterAll(async () => {
  await t.close();
});

function call(route: { method: string; url: string }, cookie?: string) {
  return route.method === 'GET' ? adminGet(t, withId(route.url), cookie) : adminPost(t, withId(route.url), {}, cookie);
}

const protectedRoutes = () => adminRoutes.filter((r) => !ADMIN_ROUTES.find((a) => a.url === r.url && a.method === r.method)?.public);

describe('admin route protection', () => {
  it('lists exactly the admin routes the route table holds', () => {
    const declared = ADMIN_ROUTES.map((r) => `${r.method} ${r.url}`).sort();
    const served = adminRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(served).toEqual(declared);
    expect(served.length).toBe(15);
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
    await t.deps.db.updateTable('admin_sessions').set({ expires_at: new Date(t.clock.now().getTime() - 1000) }).execute();
    for (const route of protectedRoutes()) {
      const res = await call(route, cookie);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toEqual(UNAUTHORIZED);
    }
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
