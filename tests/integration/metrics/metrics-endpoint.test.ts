// The operator's metrics (issue 39, decision 0067), scraped from the real app after real requests:
// exact counts with their whole label sets, the token's refusals, and no private value anywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../core/messages';
import { METRICS_SCRAPES_PER_MINUTE } from '../../../server/metrics/routes';
import { jobsSettled } from '../../helpers/jobs';
import { parsePrometheusText, samplesOf, valueOf, type Sample } from '../../helpers/prometheus-text';
import { startSmtpCatcher, type SmtpCatcher } from '../../helpers/smtp-catcher';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { freshPng, submissionBody, upload } from '../submissions/helpers';

const TOKEN = 'metrics-test-token-0123456789abcdef';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const READS_PER_MINUTE = 5;

const PRIVATE_PROMPT = 'PRIVATE-PROMPT-canary-5d1e a lighthouse only I may describe';
const EMAIL = 'metrics.canary.artist@example.org';
const CLIENT_IP = '198.51.100.203';

async function scrape(t: TestApp): Promise<{ text: string; samples: Sample[] }> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: AUTH });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return { text: res.body, samples: parsePrometheusText(res.body) };
}

describe('GET /metrics with METRICS_TOKEN set', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let workId = '';
  let registryId = '';

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp({
      env: {
        METRICS_TOKEN: TOKEN,
        SMTP_URL: smtp.url,
        JOBS_POLL_SECONDS: '0.5',
        RATE_LIMIT_DISABLED: '0',
        RATE_LIMIT_READS_PER_MINUTE: String(READS_PER_MINUTE),
      },
    });
    // A work whose prompt is private, registered by a client at a known address with an e-mail.
    const up = await upload(t.app, await freshPng());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/submissions',
      remoteAddress: CLIENT_IP,
      payload: submissionBody(up.upload_id, { prompt: PRIVATE_PROMPT, prompt_visibility: 'private', author_email: EMAIL }),
    });
    expect(res.statusCode).toBe(201);
    ({ id: workId, registry_id: registryId } = res.json<{ id: string; registry_id: string }>());
    await jobsSettled(t, 'mail');
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('refuses a scrape without a token with 401, a Bearer challenge and a sentence saying what to send', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(res.json()).toEqual({
      error: { code: 'unauthorized', message: MESSAGES.metricsTokenMissing.description, title: MESSAGES.metricsTokenMissing.title },
    });
  });

  it('refuses a wrong token, and a token sent another way than Bearer, with 401', async () => {
    for (const authorization of [`Bearer ${TOKEN}x`, 'Bearer wrong', `Basic ${Buffer.from(`user:${TOKEN}`).toString('base64')}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
      const expected = authorization.startsWith('Bearer') ? MESSAGES.metricsTokenWrong : MESSAGES.metricsTokenMissing;
      expect(res.json(), authorization).toEqual({
        error: { code: 'unauthorized', message: expected.description, title: expected.title },
      });
    }
  });

  it('counts requests by method, route pattern and status, with exact values and label sets', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (let i = 0; i < 2; i++)
      expect((await t.app.inject({ method: 'GET', url: `/api/submissions/${unknown}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/submissions/${registryId}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // Refused by Fastify before routing (a broken %-escape): counted too, as unmatched.
    expect((await t.app.inject({ method: 'GET', url: '/api/submissions/%E0%A4%A' })).statusCode).toBe(400);
    const { samples } = await scrape(t);
    const requests = samplesOf(samples, 'veriwork_http_requests_total', { route: '/api/submissions/:id' });
    expect(requests.map((s) => ({ labels: s.labels, value: s.value }))).toEqual([
      { labels: { method: 'GET', route: '/api/submissions/:id', status: '404' }, value: 2 },
      { labels: { method: 'GET', route: '/api/submissions/:id', status: '200' }, value: 1 },
    ]);
    expect(valueOf(samples, 'veriwork_http_requests_total', { method: 'GET', route: '/api/health', status: '200' })).toBe(1);
    expect(valueOf(samples, 'veriwork_http_requests_total', { method: 'GET', route: 'unmatched', status: '400' })).toBe(1);
    // The upload and the registration of beforeAll, by their patterns.
    expect(valueOf(samples, 'veriwork_http_requests_total', { method: 'POST', route: '/api/uploads', status: '201' })).toBe(1);
    expect(valueOf(samples, 'veriwork_http_requests_total', { method: 'POST', route: '/api/submissions', status: '201' })).toBe(1);
    // No raw address is a label: every route label is a registered pattern or 'unmatched'.
    const patterns = new Set(t.app.routeTable.map((r) => r.url));
    for (const s of samplesOf(samples, 'veriwork_http_requests_total'))
      expect(patterns.has(s.labels.route) || s.labels.route === 'unmatched').toBe(true);
  });

  it('has a latency histogram per route with every bucket, +Inf equal to the count', async () => {
    const { samples } = await scrape(t);
    const labels = { method: 'GET', route: '/api/health', status: '200' };
    const buckets = samplesOf(samples, 'veriwork_http_request_duration_seconds_bucket', labels);
    expect(buckets.map((b) => b.labels.le)).toEqual([
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.1',
      '0.25',
      '0.5',
      '1',
      '2.5',
      '5',
      '10',
      '+Inf',
    ]);
    expect(buckets.at(-1)?.value).toBe(1);
    expect(valueOf(samples, 'veriwork_http_request_duration_seconds_count', labels)).toBe(1);
    expect(valueOf(samples, 'veriwork_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    // Cumulative buckets never decrease.
    expect(buckets.map((b) => b.value)).toEqual([...buckets.map((b) => b.value)].sort((a, b) => a - b));
  });

  it('counts rate-limit refusals by family', async () => {
    const read = () => t.app.inject({ method: 'GET', url: '/api/featured', remoteAddress: '192.0.2.45' });
    for (let i = 0; i < READS_PER_MINUTE; i++) expect((await read()).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(429);
    expect((await read()).statusCode).toBe(429);
    const { samples } = await scrape(t);
    expect(samplesOf(samples, 'veriwork_rate_limit_refusals_total').map((s) => ({ labels: s.labels, value: s.value }))).toEqual([
      { labels: { family: 'reads' }, value: 2 },
    ]);
    expect(valueOf(samples, 'veriwork_http_requests_total', { method: 'GET', route: '/api/featured', status: '429' })).toBe(2);
  });

  it('limits scrapes to 60 a minute per address, wrong tokens included, in a family of its own', async () => {
    const guess = () =>
      t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '192.0.2.77', headers: { authorization: 'Bearer guess' } });
    for (let i = 0; i < METRICS_SCRAPES_PER_MINUTE; i++) expect((await guess()).statusCode).toBe(401);
    const refused = await guess();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    const { samples } = await scrape(t);
    expect(valueOf(samples, 'veriwork_rate_limit_refusals_total', { family: 'metrics' })).toBe(1);
    expect(valueOf(samples, 'veriwork_http_requests_total', { method: 'GET', route: '/metrics', status: '401' })).toBe(
      METRICS_SCRAPES_PER_MINUTE + 4,
    );
  });

  it('reports the image queue, the job queue, e-mails sent, the log and the database pool after a registration', async () => {
    const { samples } = await scrape(t);
    // One image processed, on a worker thread, with its wait.
    expect(valueOf(samples, 'veriwork_image_queue_wait_seconds_count')).toBe(1);
    expect(valueOf(samples, 'veriwork_image_job_duration_seconds_count', { outcome: 'processed' })).toBe(1);
    expect(valueOf(samples, 'veriwork_image_queue_depth')).toBe(0);
    expect(valueOf(samples, 'veriwork_image_jobs_running')).toBe(0);
    expect(valueOf(samples, 'veriwork_image_queue_max')).toBe(t.deps.config.imageProcessing.queueMax);
    // Its two registration steps (the upload, the submission) each had their turn; none refused.
    expect(valueOf(samples, 'veriwork_registration_turn_wait_seconds_count')).toBe(2);
    expect(valueOf(samples, 'veriwork_registration_turn_refusals_total')).toBe(0);
    // The confirmation e-mail: one job, completed, one message sent, none failed.
    expect(smtp.received).toHaveLength(1);
    expect(valueOf(samples, 'veriwork_mail_sent_total')).toBe(1);
    expect(valueOf(samples, 'veriwork_mail_failed_total')).toBe(0);
    expect(valueOf(samples, 'veriwork_job_runs_total', { kind: 'mail', outcome: 'completed' })).toBe(1);
    expect(valueOf(samples, 'veriwork_job_run_duration_seconds_count', { kind: 'mail' })).toBe(1);
    for (const state of ['queued', 'active', 'failed']) expect(valueOf(samples, 'veriwork_jobs', { kind: 'mail', state })).toBe(0);
    expect(valueOf(samples, 'veriwork_jobs_oldest_queued_age_seconds', { kind: 'mail' })).toBe(0);
    // The log holds the registration's leaf.
    expect(valueOf(samples, 'veriwork_tlog_size')).toBe(1);
    // The pool, and statements timed.
    // The embedded database's one connection; the test's PostgreSQL pool of 5 (tests/helpers/test-database.ts).
    expect(valueOf(samples, 'veriwork_db_pool_max')).toBe(t.deps.database.kind === 'pglite' ? 1 : 5);
    expect(valueOf(samples, 'veriwork_db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(10);
    expect(valueOf(samples, 'veriwork_metrics_read_errors_total')).toBeUndefined();
  });

  it('shows no private value: no e-mail, prompt, client address, or ID of the work', async () => {
    const { text } = await scrape(t);
    for (const secret of [
      EMAIL,
      'metrics.canary',
      PRIVATE_PROMPT,
      'PRIVATE-PROMPT',
      CLIENT_IP,
      '198.51.100',
      '192.0.2.45',
      workId,
      registryId,
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is off: 404 with a sentence saying how to turn it on, whatever token is sent', async () => {
    for (const headers of [{}, AUTH]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: { code: 'not_found', message: MESSAGES.metricsOff.description, title: MESSAGES.metricsOff.title },
      });
    }
  });
});
