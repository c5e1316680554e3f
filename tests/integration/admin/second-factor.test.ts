// The admin second factor (decision 0068, issue 39): a password opens only a half session; an
// admin without a factor enrols one (authenticator app or passkey) and gets 10 recovery codes;
// later sign-ins are confirmed by a passkey, a TOTP code (never the same code twice) or a
// recovery code (once each). Codes are computed with otplib at the injected clock; passkeys come
// from a software authenticator (tests/helpers/software-authenticator.ts).
import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetAdminFactors } from '../../../server/admin/second-factor';
import { SoftwareAuthenticator } from '../../helpers/software-authenticator';
import {
  ADMIN_EMAIL,
  adminGet,
  adminPost,
  auditRows,
  createAdminWithoutFactor,
  createAdminTestApp,
  sessionCookieOf,
  signInWithPasswordOnly,
  SITE_ORIGIN,
  type AdminTestApp,
} from './admin-test-kit';

const BASE = '/api/admin/second-factor';
const MINUTE = 60_000;
const CODE_REFUSED = {
  error: { code: 'invalid_credentials', title: 'Code not accepted', message: 'This code is not valid, or it was already used.' },
};

let t: AdminTestApp;
let adminId: string;
beforeEach(async () => {
  t = await createAdminTestApp();
  adminId = (await createAdminWithoutFactor(t)).id;
});
afterEach(async () => {
  await t.close();
});

const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

/** Enrols an authenticator app from a fresh sign-in; returns its secret, the recovery codes and the full cookie. */
async function enrolTotp() {
  const half = await signInWithPasswordOnly(t);
  const setup = await adminPost(t, `${BASE}/totp/setup`, {}, half);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const confirmed = await adminPost(t, `${BASE}/totp/confirm`, { code: await codeAt(secret, t.clock.now()) }, half);
  expect(confirmed.statusCode).toBe(200);
  return { secret: secret as string, half, cookie: sessionCookieOf(confirmed), body: confirmed.json() };
}

const trail = async () => (await auditRows(t, { record: adminId })).map((a) => [a.table_name, a.action_type, a.reason]);

describe('enrolment at the first sign-in', () => {
  it('makes an admin without a factor enrol: the half session reaches nothing else, TOTP then opens a full session with 10 recovery codes', async () => {
    const login = await adminPost(t, '/api/admin/login', { email: ADMIN_EMAIL, password: 'correct horse battery staple' });
    expect(login.json()).toMatchObject({ stage: 'enrol', second_factor: null, enrolled: [] });
    const half = sessionCookieOf(login);
    expect((await adminGet(t, '/api/admin/submissions', half)).statusCode).toBe(401);

    const setup = await adminPost(t, `${BASE}/totp/setup`, {}, half);
    const { secret, otpauth_url } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toBe(`otpauth://totp/ledger.test:moderator%40example.com?secret=${secret}&issuer=ledger.test`);
    // A wrong code enrols nothing.
    expect((await adminPost(t, `${BASE}/totp/confirm`, { code: '000000' }, half)).json()).toEqual(CODE_REFUSED);

    const confirmed = await adminPost(t, `${BASE}/totp/confirm`, { code: await codeAt(secret, t.clock.now()) }, half);
    expect(confirmed.statusCode).toBe(200);
    const body = confirmed.json();
    expect(body.second_factor).toBe('totp');
    expect(body.expires_at).toBe(new Date(t.clock.now().getTime() + 12 * 60 * MINUTE).toISOString());
    expect(body.factor).toMatchObject({ kind: 'totp', label: 'Authenticator app', last_used_at: t.clock.now().toISOString() });
    expect(body.recovery_codes).toHaveLength(10);
    expect(new Set(body.recovery_codes).size).toBe(10);
    for (const code of body.recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Stored hashed only.
    const stored = await t.deps.db.selectFrom('admin_recovery_codes').select('code_hash').execute();
    expect(stored).toHaveLength(10);
    expect(stored.some((r) => body.recovery_codes.includes(r.code_hash))).toBe(false);

    // The half session's token is revoked; the new cookie opens the console and shows the factor.
    expect((await adminGet(t, '/api/admin/session', half)).statusCode).toBe(401);
    const cookie = sessionCookieOf(confirmed);
    expect((await adminGet(t, '/api/admin/submissions', cookie)).statusCode).toBe(200);
    const factors = (await adminGet(t, BASE, cookie)).json();
    expect(factors).toEqual({ factors: [body.factor], recovery_codes_left: 10, session_factor: 'totp' });
    const row = await t.deps.db.selectFrom('admin_sessions').select('second_factor').where('revoked_at', 'is', null).execute();
    expect(row).toEqual([{ second_factor: 'totp' }]);

    const factorAudit = await auditRows(t, { table: 'admin_factors' });
    expect(factorAudit.map((a) => [a.record_id, a.action_type, a.reason, a.new_values])).toEqual([
      [body.factor.id, 'CREATE', 'Authenticator app enrolled', { kind: 'totp', label: 'Authenticator app' }],
    ]);
    expect(await trail()).toEqual([
      ['admin_users', 'CREATE', 'Admin created (test)'],
      ['admin_users', 'LOGIN', 'Password accepted; second factor pending'],
      ['admin_recovery_codes', 'CREATE', '10 recovery codes issued'],
      ['admin_users', 'LOGIN', 'Admin signed in with a new authenticator app'],
    ]);
  });

  it('enrols a passkey as the first factor, checked against the site as relying party', async () => {
    const half = await signInWithPasswordOnly(t);
    const authenticator = new SoftwareAuthenticator('ledger.test', SITE_ORIGIN);
    const options = (await adminPost(t, `${BASE}/passkey/register-options`, {}, half)).json().options;
    expect(options).toMatchObject({
      rp: { id: 'ledger.test', name: 'ledger.test' },
      user: { name: ADMIN_EMAIL },
      attestation: 'none',
    });
    // Made for another site: refused, and the challenge is spent.
    const foreign = authenticator.register(options, { origin: 'https://evil.example' });
    expect((await adminPost(t, `${BASE}/passkey/register`, { response: foreign }, half)).json()).toEqual({
      error: {
        code: 'invalid_credentials',
        title: 'Passkey not accepted',
        message: 'The passkey could not be verified. Please try again.',
      },
    });
    const again = (await adminPost(t, `${BASE}/passkey/register-options`, {}, half)).json().options;
    const registered = await adminPost(
      t,
      `${BASE}/passkey/register`,
      { response: authenticator.register(again), label: 'Laptop' },
      half,
    );
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toMatchObject({ second_factor: 'passkey', factor: { kind: 'passkey', label: 'Laptop' } });
    expect(registered.json().recovery_codes).toHaveLength(10);
    const cookie = sessionCookieOf(registered);
    expect((await adminGet(t, '/api/admin/session', cookie)).json()).toMatchObject({
      stage: 'signed_in',
      second_factor: 'passkey',
      enrolled: ['passkey'],
    });

    // The next sign-in is confirmed with the same passkey.
    const next = await signInWithPasswordOnly(t);
    expect((await adminGet(t, '/api/admin/session', next)).json()).toMatchObject({ stage: 'verify', enrolled: ['passkey'] });
    const authOptions = (await adminPost(t, `${BASE}/passkey/options`, {}, next)).json().options;
    expect(authOptions.allowCredentials).toEqual([{ id: authenticator.id, type: 'public-key', transports: ['internal'] }]);
    const verified = await adminPost(t, `${BASE}/passkey/verify`, { response: authenticator.assert(authOptions) }, next);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ second_factor: 'passkey', recovery_codes: null });
    expect(await trail()).toEqual([
      ['admin_users', 'CREATE', 'Admin created (test)'],
      ['admin_users', 'LOGIN', 'Password accepted; second factor pending'],
      ['admin_recovery_codes', 'CREATE', '10 recovery codes issued'],
      ['admin_users', 'LOGIN', 'Admin signed in with a new passkey'],
      ['admin_users', 'LOGIN', 'Password accepted; second factor pending'],
      ['admin_users', 'LOGIN', 'Admin signed in with a passkey'],
    ]);
  });

  it('refuses to enrol from a half session once the admin has a factor: it must be verified first', async () => {
    await enrolTotp();
    const half = await signInWithPasswordOnly(t);
    expect((await adminPost(t, `${BASE}/totp/setup`, {}, half)).json()).toEqual({
      error: {
        code: 'conflict',
        title: 'Confirm your sign-in first',
        message: 'You already have a second factor: confirm your sign-in with it before adding another.',
      },
    });
  });
});

describe('signing in with a TOTP code', () => {
  it('accepts a code once: the same code in its window is refused, the next step’s code works', async () => {
    const { secret } = await enrolTotp();
    const half = await signInWithPasswordOnly(t);
    expect((await adminGet(t, '/api/admin/session', half)).json()).toMatchObject({ stage: 'verify', enrolled: ['totp'] });
    // The enrolment used this step's code.
    const used = await codeAt(secret, t.clock.now());
    expect((await adminPost(t, `${BASE}/totp/verify`, { code: used }, half)).json()).toEqual(CODE_REFUSED);
    t.clock.advance(30_000);
    const fresh = await codeAt(secret, t.clock.now());
    const ok = await adminPost(t, `${BASE}/totp/verify`, { code: fresh }, half);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      second_factor: 'totp',
      expires_at: new Date(t.clock.now().getTime() + 12 * 60 * MINUTE).toISOString(),
      recovery_codes: null,
    });
    // Replayed from another sign-in 10 seconds later: refused.
    t.clock.advance(10_000);
    const other = await signInWithPasswordOnly(t);
    expect((await adminPost(t, `${BASE}/totp/verify`, { code: fresh }, other)).json()).toEqual(CODE_REFUSED);
    expect((await trail()).slice(4)).toEqual([
      ['admin_users', 'LOGIN', 'Password accepted; second factor pending'],
      ['admin_users', 'LOGIN_FAILED', 'Wrong or reused authenticator code'],
      ['admin_users', 'LOGIN', 'Admin signed in with an authenticator app'],
      ['admin_users', 'LOGIN', 'Password accepted; second factor pending'],
      ['admin_users', 'LOGIN_FAILED', 'Wrong or reused authenticator code'],
    ]);
  });

  it('throttles wrong codes like wrong passwords: the sixth attempt waits, even with the right code', async () => {
    const { secret } = await enrolTotp();
    t.clock.advance(60_000);
    const half = await signInWithPasswordOnly(t);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await adminPost(t, `${BASE}/totp/verify`, { code: '123456' }, half)).statusCode);
    const right = await adminPost(t, `${BASE}/totp/verify`, { code: await codeAt(secret, t.clock.now()) }, half);
    expect([...statuses, right.statusCode]).toEqual([401, 401, 401, 401, 401, 429]);
    expect(right.headers['retry-after']).toBe('2');
    expect(right.json().error.code).toBe('too_many_attempts');
    expect((await trail()).at(-1)).toEqual([
      'admin_users',
      'LOGIN_FAILED',
      'Too many failed attempts from this address; second factor not checked',
    ]);
  });
});

describe('recovery codes', () => {
  it('signs in once per code, records it, and counts what is left', async () => {
    const { body } = await enrolTotp();
    const [first] = body.recovery_codes as string[];
    const half = await signInWithPasswordOnly(t);
    // Typed in capitals without the dash still matches.
    const used = await adminPost(t, `${BASE}/recovery-code`, { code: first.replace('-', '').toUpperCase() }, half);
    expect(used.statusCode).toBe(200);
    expect(used.json().second_factor).toBe('recovery_code');
    const cookie = sessionCookieOf(used);
    expect((await adminGet(t, BASE, cookie)).json()).toMatchObject({ recovery_codes_left: 9, session_factor: 'recovery_code' });

    const again = await signInWithPasswordOnly(t);
    expect((await adminPost(t, `${BASE}/recovery-code`, { code: first }, again)).json()).toEqual({
      error: {
        code: 'invalid_credentials',
        title: 'Code not accepted',
        message: 'This recovery code is not valid, or it was already used.',
      },
    });
    expect((await trail()).slice(4)).toEqual([
      ['admin_users', 'LOGIN', 'Password accepted; second factor pending'],
      ['admin_users', 'LOGIN', 'Admin signed in with a recovery code (9 left)'],
      ['admin_users', 'LOGIN', 'Password accepted; second factor pending'],
      ['admin_users', 'LOGIN_FAILED', 'Wrong or used recovery code'],
    ]);
  });
});

describe('managing factors', () => {
  it('adds a passkey from a full session, removes a factor but never the last one', async () => {
    const { cookie, body } = await enrolTotp();
    t.clock.advance(1000);
    const authenticator = new SoftwareAuthenticator('ledger.test', SITE_ORIGIN);
    const options = (await adminPost(t, `${BASE}/passkey/register-options`, {}, cookie)).json().options;
    const added = await adminPost(t, `${BASE}/passkey/register`, { response: authenticator.register(options) }, cookie);
    expect(added.statusCode).toBe(200);
    // Adding keeps the session and issues no new codes.
    expect(added.json()).toMatchObject({ second_factor: 'totp', recovery_codes: null, factor: { kind: 'passkey', label: 'Passkey' } });
    expect(added.cookies).toEqual([]);
    const passkeyId = added.json().factor.id;
    expect((await adminGet(t, BASE, cookie)).json().factors.map((f: { kind: string }) => f.kind)).toEqual(['totp', 'passkey']);

    expect((await adminPost(t, `${BASE}/${body.factor.id}/remove`, {}, cookie)).json()).toEqual({ ok: true });
    expect((await adminPost(t, `${BASE}/${passkeyId}/remove`, {}, cookie)).json()).toEqual({
      error: {
        code: 'conflict',
        title: 'Cannot remove',
        message: 'This is your only second factor. Add another one before removing it.',
      },
    });
    const factorAudit = await auditRows(t, { table: 'admin_factors' });
    expect(factorAudit.map((a) => [a.record_id, a.action_type, a.reason, a.admin_email])).toEqual([
      [body.factor.id, 'CREATE', 'Authenticator app enrolled', ADMIN_EMAIL],
      [passkeyId, 'CREATE', 'Passkey enrolled', ADMIN_EMAIL],
      [body.factor.id, 'DELETE', 'Authenticator app removed', ADMIN_EMAIL],
    ]);
  });
});

describe('losing every factor', () => {
  it('is recovered only by the reset command: factors, codes and sessions go, the next sign-in enrols again', async () => {
    const { cookie } = await enrolTotp();
    const result = await resetAdminFactors(t.deps.db, 'MODERATOR@example.com', t.clock.now());
    expect(result).toEqual({ admin: { id: adminId, email: ADMIN_EMAIL }, factors: 1 });
    expect((await adminGet(t, '/api/admin/session', cookie)).statusCode).toBe(401);
    expect(await t.deps.db.selectFrom('admin_recovery_codes').selectAll().execute()).toEqual([]);
    const half = await signInWithPasswordOnly(t);
    expect((await adminGet(t, '/api/admin/session', half)).json()).toMatchObject({ stage: 'enrol', enrolled: [] });
    expect((await trail()).at(-2)).toEqual([
      'admin_users',
      'UPDATE',
      'Second factors cleared (admin:reset-factors command): 1 removed, recovery codes void, sessions ended',
    ]);
  });
});
