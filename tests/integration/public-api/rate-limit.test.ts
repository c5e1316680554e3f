import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});
async function app(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp({ env: { RATE_LIMIT_DISABLED: '0', ...env } });
  apps.push(t);
  return t;
}

describe('public read API rate limit (1000 requests per hour per IP)', () => {
  it('answers the 1001st request from one address with 429, Retry-After and RateLimit-* headers, whatever X-Forwarded-For says', async () => {
    const t = await app({});
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/ledger?limit=1', headers: { 'x-forwarded-for': '10.0.0.1' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-limit']).toBe('1000');
    expect(first.headers['ratelimit-remaining']).toBe('999');
    // Both paths of the API and the dump share one budget; a forged X-Forwarded-For changes nothing
    // because no trusted proxy is configured.
    const urls = ['/api/v1/ledger?limit=1', '/functions/v1/public-ledger-api?limit=1&format=csv'];
    for (let i = 2; i <= 1000; i++) {
      const res = await t.app.inject({ method: 'GET', url: urls[i % 2], headers: { 'x-forwarded-for': `10.0.${i >> 8}.${i & 255}` } });
      expect(res.statusCode, `request ${i}`).toBe(200);
    }
    const limited = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ledger/dump.jsonl.gz',
      headers: { 'x-forwarded-for': '10.9.9.9' },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['ratelimit-limit']).toBe('1000');
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(Number(limited.headers['ratelimit-reset'])).toBeGreaterThan(3500);
    expect(limited.headers['access-control-allow-origin']).toBe('*');
    expect(limited.json().error.code).toBe('rate_limited');
    // Another address keeps its own budget.
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/ledger?limit=1', remoteAddress: '192.0.2.44' });
    expect(other.statusCode).toBe(200);
    // A thousand real requests against a real database: give a busy machine time.
  }, 240_000);

  it('with TRUST_PROXY=true, each X-Forwarded-For client gets its own budget', async () => {
    const t = await app({ TRUST_PROXY: 'true', RATE_LIMIT_API_PER_HOUR: '3' });
    const from = (ip: string) => t.app.inject({ method: 'GET', url: '/api/v1/ledger?limit=1', headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 3; i++) expect((await from('203.0.113.7')).statusCode).toBe(200);
    expect((await from('203.0.113.7')).statusCode).toBe(429);
    const other = await from('198.51.100.9');
    expect(other.statusCode).toBe(200);
    expect(other.headers['ratelimit-remaining']).toBe('2');
  });
});
