// Throttle of failed admin sign-ins (issue 11): growing waits per address and per (address,
// e-mail), never an account lock an attacker could trigger, and the same answers for e-mails with
// and without an account (about the same time: tests/integration/hostile/login-timing.test.ts).
// Addresses come from the documentation ranges; app.inject's remoteAddress sets request.ip.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../../../server/admin/login-throttle';
import { deleteExpiredLoginThrottles } from '../../../server/admin/login-throttle-repository';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  auditRows,
  createAdminAccount,
  createAdminTestApp,
  SITE_ORIGIN,
  type AdminTestApp,
} from './admin-test-kit';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const UNKNOWN_EMAIL = 'nobody@example.com';
let t: AdminTestApp;

function loginFrom(remoteAddress: string, email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    remoteAddress,
    headers: { origin: SITE_ORIGIN },
    payload: { email, password },
  });
}

function throttledBody(wait: string) {
  return {
    error: {
      code: 'too_many_attempts',
      title: 'Login failed',
      message: `Too many failed login attempts. Please wait ${wait} and try again.`,
    },
  };
}

beforeAll(async () => {
  t = await createAdminTestApp();
  await createAdminAccount(t);
});
afterAll(async () => {
  await t.close();
});

describe('login throttle', () => {
  it('gives an unknown and a known e-mail the same status and body for wrong passwords and when throttled', async () => {
    const known: { status: number; body: string; retryAfter: unknown }[] = [];
    const unknown: typeof known = [];
    for (let i = 0; i < 7; i++) {
      for (const [answers, address, email] of [
        [known, '203.0.113.20', ADMIN_EMAIL],
        [unknown, '203.0.113.21', UNKNOWN_EMAIL],
      ] as const) {
        const res = await loginFrom(address, email, `wrong ${i}`);
        answers.push({ status: res.statusCode, body: res.body, retryAfter: res.headers['retry-after'] });
      }
    }
    expect(unknown).toEqual(known);
    expect(known.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(JSON.parse(known[0].body)).toEqual({
      error: { code: 'invalid_credentials', title: 'Login failed', message: 'Invalid credentials.' },
    });
    expect(known[0].retryAfter).toBeUndefined();
    expect(JSON.parse(known[5].body)).toEqual(throttledBody('2 seconds'));
    expect(known[5].retryAfter).toBe('2');
  });

  it('makes the attacking address wait 2, 4, 8 … seconds up to 15 minutes (429 + Retry-After), and a waiting attempt is not checked', async () => {
    const email = 'doubling@example.com';
    await createAdminAccount(t, email);
    const attacker = '203.0.113.30';
    for (let i = 1; i <= LOGIN_THROTTLE.freeFailuresPerEmail; i++)
      expect((await loginFrom(attacker, email, `wrong ${i}`)).statusCode).toBe(401);

    const waits: number[] = [];
    const messages: string[] = [];
    for (let round = 0; round < 11; round++) {
      const refused = await loginFrom(attacker, email, ADMIN_PASSWORD); // even the right password waits
      expect(refused.statusCode).toBe(429);
      expect(refused.cookies).toEqual([]);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      messages.push(refused.json().error.message);
      // One second early is still too early; then the next wrong password is checked again.
      t.clock.advance((wait - 1) * SECOND);
      expect((await loginFrom(attacker, email, 'wrong again')).headers['retry-after']).toBe('1');
      t.clock.advance(SECOND);
      expect((await loginFrom(attacker, email, 'wrong again')).statusCode).toBe(401);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    expect(messages.slice(0, 3)).toEqual(['2 seconds', '4 seconds', '8 seconds'].map((w) => throttledBody(w).error.message));
    expect(messages.slice(-1)).toEqual([throttledBody('15 minutes').error.message]);

    // The owner from another address is never held up.
    expect((await loginFrom('198.51.100.99', email, ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('also counts failures from one address across e-mails: after 20, any e-mail from there waits, other addresses do not', async () => {
    const attacker = '203.0.113.40';
    // Four guesses per e-mail stay under the per-e-mail limit: only the address count grows.
    for (let i = 0; i < LOGIN_THROTTLE.freeFailuresPerAddress; i++) {
      expect((await loginFrom(attacker, `guess${Math.floor(i / 4)}@example.com`, `wrong ${i}`)).statusCode).toBe(401);
    }
    for (const email of ['fresh@example.com', ADMIN_EMAIL]) {
      const res = await loginFrom(attacker, email, ADMIN_PASSWORD);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(throttledBody('2 seconds'));
    }
    expect((await loginFrom('198.51.100.40', ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses parallel guesses beyond the free ones: of 10 sent at once, 5 are checked and 5 get 429', async () => {
    const email = 'parallel@example.com';
    await createAdminAccount(t, email);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => loginFrom('203.0.113.50', email, `wrong ${i}`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('starts the count again after the right password, and signing in does not use up the address budget', async () => {
    const address = '198.51.100.60';
    for (let round = 0; round < 3; round++) {
      for (let i = 1; i < LOGIN_THROTTLE.freeFailuresPerEmail; i++)
        expect((await loginFrom(address, ADMIN_EMAIL, `wrong ${i}`)).statusCode).toBe(401);
      expect((await loginFrom(address, ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(200);
    }
    // 12 failures and 3 sign-ins: the address is charged for the failures only.
    const counters = await t.deps.db
      .selectFrom('login_throttle')
      .select(['key', 'failures', 'blocked_until'])
      .where('key', '=', `ip:${address}`)
      .execute();
    expect(counters).toEqual([{ key: `ip:${address}`, failures: 12, blocked_until: null }]);
  });

  it('counts IPv6 addresses by their /64 network and IPv4-mapped addresses as IPv4', async () => {
    const email = 'ipv6@example.com';
    for (let i = 1; i <= LOGIN_THROTTLE.freeFailuresPerEmail; i++)
      expect((await loginFrom(`2001:db8:1:2::${i}`, email, 'wrong')).statusCode).toBe(401);
    expect((await loginFrom('2001:db8:1:2:ffff::9', email, 'wrong')).statusCode).toBe(429);
    expect((await loginFrom('2001:db8:1:3::1', email, 'wrong')).statusCode).toBe(401);

    for (let i = 1; i <= LOGIN_THROTTLE.freeFailuresPerEmail; i++)
      expect((await loginFrom('203.0.113.70', email, 'wrong')).statusCode).toBe(401);
    expect((await loginFrom('::ffff:203.0.113.70', email, 'wrong')).statusCode).toBe(429);
  });

  it('keeps LOGIN_FAILED audit entries for a real account only, with the address', async () => {
    const email = 'audited@example.com';
    const { id } = await createAdminAccount(t, email);
    const before = (await auditRows(t, { action: 'LOGIN_FAILED' })).length;
    await loginFrom('203.0.113.80', email, 'wrong');
    await loginFrom('203.0.113.80', 'not-an-admin@example.com', 'wrong');
    const failed = (await auditRows(t, { action: 'LOGIN_FAILED' })).slice(before);
    expect(failed.map((a) => [a.record_id, a.reason, a.ip_address, a.admin_id])).toEqual([
      [id, 'Wrong password', '203.0.113.80', null],
    ]);
    // Nothing is counted on the account itself.
    const user = await t.deps.db
      .selectFrom('admin_users')
      .select(['failed_attempts', 'locked_until'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ failed_attempts: 0, locked_until: null });
  });

  // Last: it moves the clock a day on.
  it('forgets counters after a day without failures and deletes them in the cleanup', async () => {
    const attacker = '203.0.113.90';
    for (let i = 1; i <= LOGIN_THROTTLE.freeFailuresPerEmail; i++) await loginFrom(attacker, UNKNOWN_EMAIL, 'wrong');
    expect((await loginFrom(attacker, UNKNOWN_EMAIL, 'wrong')).statusCode).toBe(429);
    const rowsBefore = await t.deps.db.selectFrom('login_throttle').select('key').execute();
    expect(rowsBefore.length).toBeGreaterThan(0);

    t.clock.advance(LOGIN_THROTTLE.forgetAfterMs + MINUTE);
    // Forgotten even before the cleanup has run: five fresh tries.
    for (let i = 1; i <= LOGIN_THROTTLE.freeFailuresPerEmail; i++)
      expect((await loginFrom(attacker, UNKNOWN_EMAIL, 'wrong')).statusCode).toBe(401);
    // Every other counter is now past its day; the two just renewed are not.
    expect(await deleteExpiredLoginThrottles(t.deps.db, t.clock.now())).toBe(rowsBefore.length - 2);
    expect(await t.deps.db.selectFrom('login_throttle').select('key').execute()).toHaveLength(2);
    t.clock.advance(LOGIN_THROTTLE.forgetAfterMs + MINUTE);
    expect(await deleteExpiredLoginThrottles(t.deps.db, t.clock.now())).toBe(2);
    expect(await t.deps.db.selectFrom('login_throttle').select('key').execute()).toEqual([]);
  });
});
