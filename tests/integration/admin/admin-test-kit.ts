// Shared steps of the admin and removal tests: an app with a movable clock, an admin account,
// signing in, and requests that carry the session cookie and the site's Origin. Every account the
// kit creates holds a passkey of a software authenticator (decision 0068), so `signIn` goes
// through the password and the passkey, as a browser would.
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createAdmin } from '../../../server/admin/admin-users';
import { insertFactor } from '../../../server/admin/factors-repository';
import { SoftwareAuthenticator } from '../../helpers/software-authenticator';
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

const authenticators = new WeakMap<TestApp, Map<string, SoftwareAuthenticator>>();

/** The software authenticator holding the passkey of the kit's account `email`. */
export function authenticatorOf(t: TestApp, email = ADMIN_EMAIL): SoftwareAuthenticator {
  const found = authenticators.get(t)?.get(email.toLowerCase());
  if (!found) throw new Error(`No passkey was enrolled for ${email}`);
  return found;
}

/** An admin account without any second factor: its next sign-in must enrol one. */
export async function createAdminWithoutFactor(t: TestApp, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  return createAdmin(t.deps.db, { email, password }, { now: t.deps.now(), via: 'test' });
}

/** An admin account with a passkey enrolled (stored directly, as a past enrolment left it). */
export async function createAdminAccount(t: TestApp, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  const admin = await createAdminWithoutFactor(t, email, password);
  const authenticator = new SoftwareAuthenticator(new URL(SITE_ORIGIN).hostname, SITE_ORIGIN);
  await insertFactor(t.deps.db, {
    admin_id: admin.id,
    kind: 'passkey',
    label: 'Test passkey',
    created_at: t.deps.now(),
    credential_id: authenticator.id,
    public_key: authenticator.cosePublicKey().toString('base64url'),
    sign_count: 0,
    transports: ['internal'],
  });
  const map = authenticators.get(t) ?? new Map<string, SoftwareAuthenticator>();
  map.set(email.toLowerCase(), authenticator);
  authenticators.set(t, map);
  return admin;
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

/** The cookie of a half session: the password is accepted, the second factor is pending. */
export async function signInWithPasswordOnly(t: TestApp, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<string> {
  return sessionCookieOf(await loginRequest(t, email, password));
}

/** Password, then the account's passkey: the cookie of a full session. */
export async function signIn(t: TestApp, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<string> {
  const half = await signInWithPasswordOnly(t, email, password);
  const options = await adminPost(t, '/api/admin/second-factor/passkey/options', {}, half);
  if (options.statusCode !== 200) throw new Error(`Passkey options: ${options.statusCode} ${options.body}`);
  const response = authenticatorOf(t, email).assert(options.json().options);
  return sessionCookieOf(await adminPost(t, '/api/admin/second-factor/passkey/verify', { response }, half));
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
