// Admin sign-in (decisions 0014, 0015): messages, the session cookie, expiry, logout, the outer
// rate limit, the master-key register call and the admin:create command. The throttle of failed
// sign-ins (issue 11) has its own file, login-throttle.test.ts.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminGet,
  adminPost,
  auditRows,
  createAdminAccount,
  createAdminTestApp,
  loginRequest,
  SITE_ORIGIN,
  sessionCookieOf,
  signIn,
  type AdminTestApp,
} from './admin-test-kit';
import { builtEntry } from '../../helpers/built-server';

const MINUTE = 60_000;
let t: AdminTestApp;
let adminId: string;

beforeAll(async () => {
  t = await createAdminTestApp();
  adminId = (await createAdminAccount(t)).id;
});
afterAll(async () => {
  await t.close();
});

describe('admin login', () => {
  it('stores the password as an Argon2id hash, never as given', async () => {
    const row = await t.deps.db.selectFrom('admin_users').select('password_hash').where('id', '=', adminId).executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(row.password_hash).not.toContain(ADMIN_PASSWORD);
  });

  it("answers an empty email or password with 400 'Please enter email and password.'", async () => {
    for (const payload of [{}, { email: '', password: 'x' }, { email: ADMIN_EMAIL, password: '' }, { email: '   ', password: '' }]) {
      const res = await adminPost(t, '/api/admin/login', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ title: 'Error', message: 'Please enter email and password.' });
    }
  });

  it("answers a wrong password and an unknown e-mail alike: 401 'Login failed' / 'Invalid credentials.'", async () => {
    const wrong = await loginRequest(t, ADMIN_EMAIL, 'not the password');
    const unknown = await loginRequest(t, 'nobody@example.com', ADMIN_PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'invalid_credentials', message: 'Invalid credentials.', title: 'Login failed' } });
      expect(res.cookies).toEqual([]);
    }
    // Only the known account's failure is audited (nothing to attach the unknown one to).
    const failed = await auditRows(t, { action: 'LOGIN_FAILED' });
    expect(failed.map((a) => a.record_id)).toEqual([adminId]);
    expect(failed[0]).toMatchObject({
      table_name: 'admin_users',
      admin_id: null,
      reason: 'Wrong password',
      changed_fields: [],
      old_values: null,
      new_values: null,
      ip_address: '127.0.0.1',
    });
    // Failures are counted per address, never on the account: its row is left as it was.
    const user = await t.deps.db
      .selectFrom('admin_users')
      .select(['failed_attempts', 'locked_until'])
      .where('id', '=', adminId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ failed_attempts: 0, locked_until: null });
  });

  it('signs in with an HttpOnly, SameSite=Strict, Path=/ session cookie holding a random token stored only as its hash', async () => {
    const res = await loginRequest(t, 'Moderator@Example.com', ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    // The password opens a half session of 10 minutes; a second factor must confirm it (decision 0068).
    expect(body).toEqual({
      admin: { id: adminId, email: ADMIN_EMAIL },
      expires_at: new Date(t.clock.now().getTime() + 10 * MINUTE).toISOString(),
      stage: 'verify',
      second_factor: null,
      enrolled: ['passkey'],
    });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^ledger_admin=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    const token = sessionCookieOf(res).split('=')[1];
    const sessions = await t.deps.db.selectFrom('admin_sessions').select('token_hash').execute();
    expect(sessions.some((s) => s.token_hash === token)).toBe(false);
    expect(sessions.some((s) => /^[0-9a-f]{64}$/.test(s.token_hash))).toBe(true);
  });

  it('reports the session, ends it after ADMIN_SESSION_HOURS, and records LOGIN', async () => {
    const cookie = await signIn(t);
    const session = await adminGet(t, '/api/admin/session', cookie);
    expect(session.statusCode).toBe(200);
    // 12 hours by default (ADMIN_SESSION_HOURS), from the second factor.
    expect(session.json()).toEqual({
      admin: { id: adminId, email: ADMIN_EMAIL },
      expires_at: new Date(t.clock.now().getTime() + 12 * 60 * MINUTE).toISOString(),
      stage: 'signed_in',
      second_factor: 'passkey',
      enrolled: ['passkey'],
    });
    const logins = await auditRows(t, { action: 'LOGIN' });
    expect(logins.slice(-2)).toMatchObject([
      {
        table_name: 'admin_users',
        record_id: adminId,
        admin_id: adminId,
        admin_email: ADMIN_EMAIL,
        reason: 'Password accepted; second factor pending',
      },
      {
        table_name: 'admin_users',
        record_id: adminId,
        admin_id: adminId,
        admin_email: ADMIN_EMAIL,
        reason: 'Admin signed in with a passkey',
      },
    ]);
    t.clock.advance(12 * 60 * MINUTE + 1000);
    const expired = await adminGet(t, '/api/admin/session', cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toBe('You must be logged in as an admin to access this page.');
  });

  it('logs out: the session is revoked on the server, the cookie is cleared, and LOGOUT is recorded', async () => {
    const cookie = sessionCookieOf(await loginRequest(t, ADMIN_EMAIL, ADMIN_PASSWORD));
    const res = await adminPost(t, '/api/admin/logout', undefined, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(String(res.headers['set-cookie'])).toMatch(/^ledger_admin=; .*Expires=Thu, 01 Jan 1970/);
    expect((await adminGet(t, '/api/admin/session', cookie)).statusCode).toBe(401);
    const logouts = await auditRows(t, { action: 'LOGOUT' });
    expect(logouts).toHaveLength(1);
    expect(logouts[0]).toMatchObject({ record_id: adminId, admin_email: ADMIN_EMAIL, user_agent: 'admin-test-browser' });
  });

  it('marks the cookie Secure when the site is served over HTTPS', async () => {
    const secure = await createAdminTestApp({ SITE_URL: 'https://ledger.example' });
    try {
      await createAdminAccount(secure);
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { origin: 'https://ledger.example' },
        payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toContain('; Secure');
    } finally {
      await secure.close();
    }
  });
});

describe('no account lock', () => {
  it('never locks the account: ten wrong passwords from one address get 401 then 429, the right one from another address gets 200', async () => {
    const email = 'attacked@example.com';
    const { id } = await createAdminAccount(t, email);
    const loginFrom = (remoteAddress: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        remoteAddress,
        headers: { origin: SITE_ORIGIN },
        payload: { email, password },
      });
    const statuses: number[] = [];
    for (let i = 1; i <= 10; i++) statuses.push((await loginFrom('203.0.113.7', `wrong ${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    // The attacker's own address waits, even with the right password…
    expect((await loginFrom('203.0.113.7', ADMIN_PASSWORD)).statusCode).toBe(429);
    // …while the owner, elsewhere, signs in at once.
    const owner = await loginFrom('198.51.100.20', ADMIN_PASSWORD);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().admin).toEqual({ id, email });

    const trail = await auditRows(t, { record: id });
    expect(trail.map((a) => [a.action_type, a.reason, a.ip_address])).toEqual([
      ['CREATE', 'Admin created (test)', null],
      ...Array(5).fill(['LOGIN_FAILED', 'Wrong password', '203.0.113.7']),
      ...Array(6).fill(['LOGIN_FAILED', 'Too many failed attempts from this address; password not checked', '203.0.113.7']),
      ['LOGIN', 'Password accepted; second factor pending', '198.51.100.20'],
    ]);
  });

  it('limits login attempts per address when rate limits are on (30 an hour), on top of the login throttle', async () => {
    const limited = await createAdminTestApp({ RATE_LIMIT_DISABLED: '0' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        statuses.push((await loginRequest(limited, 'nobody@example.com', 'x')).statusCode);
        // Past every wait of the login throttle (15 minutes at most), so only the hourly cap is left.
        limited.clock.advance(15 * MINUTE + 1000);
      }
      expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
      expect(statuses[30]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('admin registration', () => {
  it('does not exist without ADMIN_MASTER_KEY', async () => {
    const res = await adminPost(t, '/api/admin/register', { email: 'new@example.com', password: 'a long password!', masterKey: 'x' });
    expect(res.statusCode).toBe(404);
  });

  it('creates an admin only with the right master key', async () => {
    const withKey = await createAdminTestApp({ ADMIN_MASTER_KEY: 'the-master-key-1234' });
    try {
      const wrong = await adminPost(withKey, '/api/admin/register', {
        email: 'new@example.com',
        password: 'a long password!',
        masterKey: 'the-master-key-1235',
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error.message).toBe('Invalid master key.');
      const short = await adminPost(withKey, '/api/admin/register', {
        email: 'new@example.com',
        password: 'short',
        masterKey: 'the-master-key-1234',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().error.message).toBe('The password must be at least 12 characters long.');
      const badEmail = await adminPost(withKey, '/api/admin/register', {
        email: 'not-an-email',
        password: 'a long password!',
        masterKey: 'the-master-key-1234',
      });
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.json().error.message).toBe('Please enter a valid email address.');
      const ok = await adminPost(withKey, '/api/admin/register', {
        email: 'new@example.com',
        password: 'a long password!',
        masterKey: 'the-master-key-1234',
      });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().admin.email).toBe('new@example.com');
      const again = await adminPost(withKey, '/api/admin/register', {
        email: 'NEW@example.com',
        password: 'a long password!',
        master_key: 'the-master-key-1234',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('An admin with the email NEW@example.com already exists.');
      expect((await loginRequest(withKey, 'new@example.com', 'a long password!')).statusCode).toBe(200);
    } finally {
      await withKey.close();
    }
  });
});

describe('npm run admin:create', () => {
  const run = promisify(execFile);
  it('creates an admin, then refuses the same e-mail and a short password with exit code 1', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-create-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
    const cli = (args: string[]) =>
      run(process.execPath, [builtEntry('admin-create'), ...args], { env }).then(
        (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
      );
    try {
      const created = await cli(['--email', 'cli@example.com', '--password', 'a long password!']);
      expect(created.code).toBe(0);
      expect(created.out).toMatch(/^Admin created: cli@example.com \(id [0-9a-f-]{36}\)\n$/);
      const duplicate = await cli(['--email', 'CLI@example.com', '--password', 'a long password!']);
      expect(duplicate).toMatchObject({ code: 1, err: 'An admin with the email CLI@example.com already exists.\n' });
      const short = await cli(['--email', 'other@example.com', '--password', 'short']);
      expect(short).toMatchObject({ code: 1, err: 'The password must be at least 12 characters long.\n' });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // Three child processes, each starting TypeScript and (twice) an embedded database.
  }, 180_000);
});
