// Fair limits everywhere (issue 11): every public route belongs to a rate-limit family, the read
// family cuts one address off without touching others, and expired counters are deleted.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { backgroundOf } from '../../../server/app';
import { READ_FAMILY_ROUTES } from '../../../server/http/rate-limit';
import { deleteExpiredRateLimitCounters } from '../../../server/http/rate-limit-repository';
import { jobsSettled } from '../../helpers/jobs';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const READS_PER_MINUTE = 40;

/** Routes that are unlimited on purpose: the balancers' health check, and built static files. */
// Liveness and readiness: load balancers probe them often and must never be refused.
const UNLIMITED = new Set(['/api/health', '/api/ready']);
/** Admin routes behind a session: only sign-in and sign-up face the public. */
const isSessionOnly = (url: string) => url.startsWith('/api/admin/') && url !== '/api/admin/login' && url !== '/api/admin/register';

describe('rate-limit families', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        RATE_LIMIT_DISABLED: '0',
        RATE_LIMIT_READS_PER_MINUTE: String(READS_PER_MINUTE),
        ADMIN_MASTER_KEY: 'families-test-master-key',
      },
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  test('gives every public GET and POST route a rate-limit family', () => {
    const unlimited = t.app.routeTable
      .filter((r) => r.method === 'GET' || r.method === 'POST')
      .filter((r) => !UNLIMITED.has(r.url) && !isSessionOnly(r.url))
      .filter((r) => r.url.includes(':') || r.url.includes('*') || !/\.[a-z0-9]+$/.test(r.url) || READ_FAMILY_ROUTES.has(r.url))
      .filter((r) => typeof r.rateLimit !== 'object')
      .map((r) => `${r.method} ${r.url}`);
    expect(unlimited).toEqual([]);
  });

  test('answers a ledger read past the per-minute budget of one address with 429 and Retry-After, and serves another address', async () => {
    const read = (remoteAddress: string) => t.app.inject({ method: 'GET', url: '/api/ledger?search=fox', remoteAddress });
    for (let i = 0; i < READS_PER_MINUTE; i++) expect((await read('198.51.100.7')).statusCode).toBe(200);
    const refused = await read('198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.code).toBe('rate_limited');
    expect((await read('198.51.100.8')).statusCode).toBe(200);
  });

  test('counts one IPv6 /64 as one address, so rotating addresses inside it does not reset the budget', async () => {
    const read = (suffix: number) =>
      t.app.inject({ method: 'GET', url: '/api/featured', remoteAddress: `2001:db8:1:2::${suffix.toString(16)}` });
    for (let i = 0; i < READS_PER_MINUTE; i++) expect((await read(i + 1)).statusCode).toBe(200);
    expect((await read(999)).statusCode).toBe(429);
  });

  test('deletes counters whose window has ended and keeps the running ones', async () => {
    await sql`INSERT INTO rate_limit_counters (key, hits, reset_at) VALUES
      ('203.0.113.1:uploads', 3, now() - interval '1 hour'), ('203.0.113.2:uploads', 2, now() + interval '1 hour')`.execute(t.deps.db);
    expect(await deleteExpiredRateLimitCounters(t.deps.db)).toBe(1);
    const keys = await sql<{ key: string }>`SELECT key FROM rate_limit_counters WHERE key LIKE '203.0.113.%' ORDER BY key`.execute(
      t.deps.db,
    );
    expect(keys.rows.map((r) => r.key)).toEqual(['203.0.113.2:uploads']);
  });

  test("deletes ended counters hourly, by the job queue's scheduled clean-up (one process per hour)", async () => {
    const counterKeys = async () =>
      (
        await sql<{ key: string }>`SELECT key FROM rate_limit_counters WHERE key LIKE '192.0.2.%' ORDER BY key`.execute(t.deps.db)
      ).rows.map((r) => r.key);
    const insertCounter = (key: string, resetAt: string) =>
      sql`INSERT INTO rate_limit_counters (key, hits, reset_at) VALUES (${key}, 1, now() + ${resetAt}::interval)`.execute(t.deps.db);
    await insertCounter('192.0.2.1:uploads', '-1 minute');
    await insertCounter('192.0.2.2:uploads', '90 minutes');

    const { jobs } = backgroundOf(t.app);
    expect(await jobs.schedules()).toContainEqual({ name: 'rate-limit-cleanup', cron: '11 * * * *' });
    // The hour's job, queued by hand instead of waiting for minute 11.
    await jobs.enqueue(t.deps.db, 'rate-limit-cleanup', {});
    jobs.wake('rate-limit-cleanup');
    await jobsSettled(t, 'rate-limit-cleanup');
    expect(await counterKeys()).toEqual(['192.0.2.2:uploads']);
  });
});
