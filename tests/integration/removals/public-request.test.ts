// POST /api/removal-requests (public): the exact messages of docs/product.md §5, the submission id taken from
// the URL, the stored address that no public endpoint ever shows, and the daily limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWork } from '../../helpers/factories';
import { createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
let work: { id: string; registry_id: string };

const valid = {
  submission_url: 'https://ledger.test/verify/placeholder',
  requestor_name: 'Rita Rights',
  requestor_email: 'rita@example.com',
  reason: 'This is my artwork, registered by someone else.',
};

beforeAll(async () => {
  t = await createTestApp();
  work = await insertWork(t.deps.db, { artist_name: 'Removal Artist', trust_meter: 90 });
});
afterAll(async () => {
  await t.close();
});

function file(payload: Record<string, unknown>, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/removal-requests', payload, remoteAddress });
}

describe('removal request validation', () => {
  it("refuses a blank required field with 400 'Missing Information' / 'Please fill in all required fields.'", async () => {
    for (const field of ['submission_url', 'requestor_name', 'requestor_email', 'reason']) {
      for (const value of [undefined, '', '   ']) {
        const res = await file({ ...valid, [field]: value });
        expect(res.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
        expect(res.json().error).toMatchObject({
          code: 'validation_failed',
          title: 'Missing Information',
          message: 'Please fill in all required fields.',
        });
      }
    }
  });

  it("refuses a malformed e-mail with 400 'Invalid Email' / 'Please enter a valid email address.', after the required fields", async () => {
    for (const email of ['rita', 'rita@example', 'rita@@example.com', 'rita example@x.com']) {
      const res = await file({ ...valid, requestor_email: email });
      expect(res.statusCode, email).toBe(400);
      expect(res.json().error).toEqual({
        code: 'validation_failed',
        title: 'Invalid Email',
        message: 'Please enter a valid email address.',
        fields: { requestor_email: 'Please enter a valid email address.' },
      });
    }
    const both = await file({ ...valid, requestor_email: 'rita', reason: '' });
    expect(both.json().error.title).toBe('Missing Information');
  });

  it('refuses an over-long reason with its own message', async () => {
    const res = await file({ ...valid, reason: 'x'.repeat(2001) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ title: 'Reason too long', message: 'The reason can be at most 2000 characters.' });
  });
});

describe('filing a removal request', () => {
  it('stores a pending request with the id after /verify/ (query and fragment ignored) and the requester address', async () => {
    const res = await file(
      {
        ...valid,
        submission_url: `https://ledger.test/verify/${work.id.toUpperCase()}?ref=x#top`,
        submission_id: 'ignored',
        request_ip: '1.2.3.4',
      },
      '203.0.113.77',
    );
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({ id: expect.any(String), status: 'pending', submission_id: work.id });
    expect(res.body).not.toContain('203.0.113.77');
    const row = await t.deps.db.selectFrom('removal_requests').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      submission_url: `https://ledger.test/verify/${work.id.toUpperCase()}?ref=x#top`,
      submission_id: work.id,
      requestor_name: 'Rita Rights',
      requestor_email: 'rita@example.com',
      additional_info: null,
      request_ip: '203.0.113.77',
      status: 'pending',
      admin_notes: null,
      processed_by: null,
    });
  });

  it('resolves a registry id (in a URL or typed alone) to the work, and stores null for an id that does not exist', async () => {
    const cases: [string, string | null][] = [
      [`https://ledger.test/verify/${work.registry_id}`, work.id],
      [work.registry_id.toLowerCase(), work.id],
      [work.id, work.id],
      ['https://ledger.test/verify/5b0c6a4e-1d2f-4c3b-9a8e-7f6d5c4b3a21', null],
      ['VW-2020-999999', null],
      ['the picture of a cat on your home page', null],
    ];
    for (const [url, expected] of cases) {
      const res = await file({ ...valid, submission_url: url, additional_info: 'More details' });
      expect(res.statusCode, url).toBe(201);
      expect(res.json().submission_id, url).toBe(expected);
    }
  });

  it('never shows the requester address on any public endpoint', async () => {
    const marker = '198.51.100.203';
    expect((await file({ ...valid, submission_url: work.id }, marker)).statusCode).toBe(201);
    const urls = [
      `/api/submissions/${work.id}`,
      '/api/ledger',
      '/api/featured',
      '/api/artists/Removal%20Artist',
      ...['json', 'jsonl', 'csv', 'xml', 'rss'].map((f) => `/api/v1/ledger?format=${f}&include_prompts=true`),
      '/functions/v1/public-ledger-api',
      `/verify/${work.id}`,
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain(marker);
    }
  });
});

describe('daily limit', () => {
  it('answers 429 with Retry-After once an address has filed RATE_LIMIT_REMOVALS_PER_DAY requests', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_DISABLED: '0', RATE_LIMIT_REMOVALS_PER_DAY: '2' } });
    try {
      const post = () => limited.app.inject({ method: 'POST', url: '/api/removal-requests', payload: valid });
      expect((await post()).statusCode).toBe(201);
      expect((await post()).statusCode).toBe(201);
      const third = await post();
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      // Issue 35: not 'Please try again', which would fail again, but the limit and when it ends.
      expect(third.json()).toEqual({
        error: {
          code: 'rate_limited',
          title: 'Daily limit reached',
          message: 'This address has sent as many removal requests as one address may send in a day. You can send another in 1 day.',
        },
      });
    } finally {
      await limited.close();
    }
  });
});
