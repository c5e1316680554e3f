// Per-IP daily limits on uploads and submissions (decision 0016), with standard headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { submissionBody, submit, uploadFile } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_DISABLED: '0', RATE_LIMIT_SUBMISSIONS_PER_DAY: '2', RATE_LIMIT_UPLOADS_PER_DAY: '1' } });
});
afterAll(async () => {
  await t.close();
});

describe('rate limits', () => {
  it('answers the third submission of the day from one address with 429, Retry-After and RateLimit headers', async () => {
    const body = submissionBody('', {});
    const first = await submit(t.app, body);
    expect(first.statusCode).toBe(400);
    expect(first.headers['ratelimit-limit']).toBe('2');
    expect(first.headers['ratelimit-remaining']).toBe('1');
    expect((await submit(t.app, body)).statusCode).toBe(400);
    const third = await submit(t.app, body);
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(third.json().error.code).toBe('rate_limited');
  });

  it('counts uploads separately from submissions', async () => {
    const empty = Buffer.alloc(0);
    expect((await uploadFile(t.app, empty)).statusCode).toBe(400);
    const second = await uploadFile(t.app, empty);
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBeDefined();
  });
});
