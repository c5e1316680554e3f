// Shared steps of the admin and removal tests: an app with a movable clock, an admin account,
// signing in, and requests that carry the session cookie and the site's Origin.
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createAdmin } from '../../../server/admin/admin-users';
import type { AuditEntry } from '../../../core/admin-api-types';

export const SITE_ORIGIN = 'http://ledger.test';
export const ADMIN_EMAIL = 'moderator@example.com';
export const ADMIN_PASSWORD = 'correct horse battery staple';

/** A clock the test moves by hand; every time decision of the server reads it. */
export class TestClock {
  constructor(public current = new Date('2026-03-01T10:00:00.000Z')) {}
  now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface AdminTestApp extends TestApp {
  clock: TestClock;
}

export async function createAdminTestApp(env: Record<string, string> = {}): Promise<AdminTestApp> {
  const clock = new TestClock();
  const t = await createTestApp({ now: clock.now, env });
  return Object.assign(t, { clock });
}

export async function createAdminAccount(t: TestApp, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  return createAdmin(t.deps.db, { email, password }, { now: t.deps.now(), via: 'test' });
}

export function loginRequest(t: TestApp, email: string, password: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/admin/login', headers: { origin: SITE_ORIGIN }, payload: { email, password } });
}

/** The `ledger_admin=<token>` pair to send back as a Cookie header. */
export function sessionCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'ledger_admin');
  if (!cookie) throw new Error(`No session cookie in response ${res.statusCode}: ${res.body}`);
  return `ledger_admin=${cookie.value}`;
}

export async function signIn(t: TestApp, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<string> {
  return sessionCookieOf(await loginRequest(t, email, password));
}

export function adminGet(t: TestApp, url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

export function adminPost(t: TestApp, url: string, payload: unknown, cookie?: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { origin: SITE_ORIGIN, 'user-agent': 'admin-test-browser', ...(cookie ? { cookie } : {}), ...headers },
    payload: payload as Record<string, unknown>,
  });
}

/** Audit entries straight from the table, oldest first. */
export async function auditRows(t: TestApp, filter: { table?: string; record?: string; action?: string } = {}): Promise<AuditEntry[]> {
  let q = t.deps.db.selectFrom('audit_log').selectAll();
  if (filter.table) q = q.where('table_name', '=', filter.table);
  if (filter.record) q = q.where('record_id', '=', filter.record);
  if (filter.action) q = q.where('action_type', '=', filter.action as AuditEntry['action_type']);
  const rows = await q.orderBy('id', 'asc').execute();
  return rows.map((r) => ({
    ...r,
    id: String(r.id),
    created_at: new Date(r.created_at).toISOString(),
    old_values: r.old_values as Record<string, unknown> | null,
    new_values: r.new_values as Record<string, unknown> | null,
  }));
}
