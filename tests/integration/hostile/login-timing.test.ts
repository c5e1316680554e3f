// An attacker probing admin sign-in for which e-mails have accounts learns nothing from the time
// of the answer (issue 11): a wrong password for an unknown e-mail is checked against a dummy hash
// made at start-up, so it takes about as long as one for a known e-mail. A timing comparison, so
// it runs here, alone, not beside the other suites (it failed there when the browser tests loaded
// the machine). Addresses come from the documentation ranges.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, createAdminAccount, createAdminTestApp, SITE_ORIGIN, type AdminTestApp } from '../admin/admin-test-kit';

const UNKNOWN_EMAIL = 'nobody@example.com';
let t: AdminTestApp;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function loginFrom(remoteAddress: string, email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    remoteAddress,
    headers: { origin: SITE_ORIGIN },
    payload: { email, password: 'wrong password' },
  });
}

beforeAll(async () => {
  t = await createAdminTestApp();
  await createAdminAccount(t);
});
afterAll(async () => {
  await t.close();
});

describe('admin sign-in timing', () => {
  it('answers an unknown e-mail in about the time of a known one (median ratio between 0.5 and 2)', async () => {
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 11; i++) {
      const order = i % 2 === 0 ? (['unknown', 'known'] as const) : (['known', 'unknown'] as const);
      for (const kind of order) {
        const started = performance.now();
        // A fresh address each time, so no throttle wait is involved: this measures the password check.
        const res = await loginFrom(
          kind === 'known' ? `198.51.100.${i + 1}` : `192.0.2.${i + 1}`,
          kind === 'known' ? ADMIN_EMAIL : UNKNOWN_EMAIL,
        );
        times[kind].push(performance.now() - started);
        expect(res.statusCode).toBe(401);
      }
    }
    const ratio = median(times.unknown) / median(times.known);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});
