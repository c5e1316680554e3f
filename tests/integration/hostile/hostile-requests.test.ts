// The hostile-input suite (issue 11): every route of the app's route table, every path parameter,
// query parameter, body field and a few headers, each filled with values an attacker would send
// (tests/helpers/hostile-values.ts). Whatever arrives, the server answers below 500, within 2 s,
// keeps /api/health answering, leaks no private value and reflects no stored script into HTML
// or XML. Runs on the embedded database and, with TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { HOSTILE_JSON_VALUES, HOSTILE_RAW_BODIES, HOSTILE_STRINGS, hostileMultipartBodies } from '../../helpers/hostile-values';
import { registerWork, submissionBody } from '../submissions/helpers';
import { createAdminAccount, signIn, SITE_ORIGIN } from '../admin/admin-test-kit';
import { parsePrometheusText } from '../../helpers/prometheus-text';
import { buildHostileRequests, type HostileRequest, queryParamsFromOpenApi } from './hostile-request-plan';

const MASTER_KEY = 'hostile-suite-master-key';
const METRICS_TOKEN = 'hostile-suite-metrics-token';
const EMAIL_CANARY = 'canary.private.7f3a@example.com';
const PROMPT_CANARY = 'private-prompt-canary-91c2 a lighthouse in fog';
const STORED_SCRIPT = '<script>alert("stored-xss")</script>';
const SLOW_MS = 2_000;
const CONCURRENCY = 4;

interface Outcome {
  request: HostileRequest;
  status: number;
  ms: number;
  body: string;
  contentType: string;
}

/** Content types a browser or feed reader renders as markup: no unescaped script may appear in them. */
const MARKUP = /html|xml|svg|rss/;

/**
 * What the process holds after two full collections: the JavaScript heap in use and the memory
 * outside it that JavaScript objects own (buffers, PGlite's WebAssembly memory). The hostile
 * project runs with --expose-gc (the server's flags, vitest.config.ts). Not the resident size:
 * what the allocators keep of memory already freed depends on the machine (on one, the same
 * attack left 1.2 GB more resident on PostgreSQL with 239 MB of heap in use).
 */
function heldAfterCollection(): number {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('The hostile project runs with --expose-gc (vitest.config.ts).');
  collect();
  collect();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

function describeRequest(r: HostileRequest): string {
  return `${r.method} ${r.url.slice(0, 120)}${r.note ? ` [${r.note}]` : ''}`;
}

async function send(t: TestApp, r: HostileRequest): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: r.method, url: r.url, headers: r.headers, payload: r.payload });
}

/** Runs the requests CONCURRENCY at a time, timing each one. */
async function runAll(t: TestApp, requests: HostileRequest[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const worker = async () => {
    for (;;) {
      // app.inject can settle entirely in microtasks (a cached answer, an in-process database):
      // yield to the event loop between requests, as real sockets do, so other requests' timers
      // and streams are not starved by the test's own loop.
      await new Promise((resolve) => setImmediate(resolve));
      if (next >= requests.length) return;
      const request = requests[next++];
      const started = performance.now();
      const res = await send(t, request);
      if (process.env.HOSTILE_TRACE)
        console.log(
          'TRACE',
          Math.round(started),
          Math.round(performance.now() - started),
          describeRequest(request),
          String(request.payload ?? '').slice(0, 300),
        );
      outcomes.push({
        request,
        status: res.statusCode,
        ms: performance.now() - started,
        body: res.body,
        contentType: String(res.headers['content-type'] ?? ''),
      });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return outcomes;
}

/** Probes /api/health every 100 ms until stopped; returns each answer's status and time. */
function probeHealth(t: TestApp) {
  const answers: { status: number; ms: number }[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      answers.push({ status: res.statusCode, ms: performance.now() - started });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return answers;
    },
  };
}

describe('hostile input', () => {
  let t: TestApp;
  let outcomes: Outcome[];
  let health: { status: number; ms: number }[];
  let heldGrowthMb: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_MASTER_KEY: MASTER_KEY, METRICS_TOKEN } });
    const showcase = await registerWork(t.app, {
      title: STORED_SCRIPT,
      artist_name: `${STORED_SCRIPT} & Co`,
      prompt: `${STORED_SCRIPT} prompt`,
    });
    await registerWork(t.app, {
      prompt: PROMPT_CANARY,
      prompt_visibility: 'private',
      author_email: EMAIL_CANARY,
    });
    const victim = await registerWork(t.app, { title: 'Moderated by the suite' });
    await createAdminAccount(t);
    const cookie = await signIn(t);

    // One-time caches load before the baseline (the PDF report's fonts, some tens of MB): the
    // budget below is for what the attack itself makes the server hold. The baseline comes before
    // the plan is built: taken after it, it stood about 620 MB above what the process held once the
    // attack was over, which would hide any growth.
    const report = await t.app.inject({ method: 'GET', url: `/api/submissions/${showcase.created.id}/report.pdf` });
    expect(report.statusCode).toBe(200);
    const heldBefore = heldAfterCollection();
    const openApi = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const requests = buildHostileRequests({
      routes: t.app.routeTable,
      queryParams: queryParamsFromOpenApi(openApi),
      workId: showcase.created.id,
      registryId: showcase.created.registry_id,
      moderatedWorkId: victim.created.id,
      adminHeaders: { cookie, origin: SITE_ORIGIN },
      submissionTemplate: submissionBody('6f1c1f8e-0d6b-4d5e-9a51-3f0c8f2b9a10'),
      masterKey: MASTER_KEY,
      strings: HOSTILE_STRINGS,
      jsonValues: HOSTILE_JSON_VALUES,
      rawBodies: HOSTILE_RAW_BODIES,
      multipartBodies: hostileMultipartBodies(),
    });

    const probe = probeHealth(t);
    outcomes = await runAll(t, requests);
    health = await probe.stop();
    heldGrowthMb = (heldAfterCollection() - heldBefore) / (1024 * 1024);
  }, 600_000);

  afterAll(async () => {
    await t?.close();
  });

  test('sends at least 10,000 hostile requests covering every route the app serves', () => {
    expect(outcomes.length).toBeGreaterThanOrEqual(10_000);
    const covered = new Set(outcomes.map((o) => o.request.route));
    const served = t.app.routeTable
      .filter((r) => r.method === 'GET' || r.method === 'POST')
      .filter(
        (r) => !r.url.startsWith('/assets/') && r.url !== '/api/events' && !/\.(js|css|svg|png|ico|txt|webmanifest|html)$/.test(r.url),
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(served.filter((route) => !covered.has(route))).toEqual([]);
  });

  test('answers every hostile request with a status below 500', () => {
    // oEmbed 1.0 (section 2.3.4) asks for 501 when a consumer asks for a format the provider lacks.
    const oembedUnknownFormat = (o: Outcome) =>
      o.status === 501 && o.request.route === 'GET /oembed' && o.request.note?.includes('format');
    const failures = outcomes
      .filter((o) => o.status >= 500 && !oembedUnknownFormat(o))
      .map((o) => `${o.status} ${describeRequest(o.request)}: ${o.body.slice(0, 200)}`);
    expect(failures).toEqual([]);
  });

  test('answers every hostile request within 2 s', () => {
    const slow = outcomes.filter((o) => o.ms > SLOW_MS).map((o) => `${Math.round(o.ms)} ms ${describeRequest(o.request)}`);
    expect(slow).toEqual([]);
  });

  test('keeps /api/health answering 200 within 2 s during the attack', () => {
    expect(health.length).toBeGreaterThan(5);
    expect(health.filter((h) => h.status !== 200 || h.ms > SLOW_MS)).toEqual([]);
  });

  test('never shows an author e-mail or a private prompt outside the admin area', () => {
    const leaks = outcomes
      .filter((o) => !o.request.admin)
      .filter((o) => o.body.includes(EMAIL_CANARY) || o.body.includes(PROMPT_CANARY))
      .map((o) => describeRequest(o.request));
    expect(leaks).toEqual([]);
  });

  test('never puts a stored or sent script unescaped into HTML, XML or SVG', () => {
    const reflected = outcomes
      .filter((o) => MARKUP.test(o.contentType))
      .filter((o) => o.body.includes('<script>alert(') || /<img src=x onerror=/i.test(o.body) || /<svg\/onload/i.test(o.body))
      .map((o) => `${o.contentType} ${describeRequest(o.request)}`);
    expect(reflected).toEqual([]);
  });

  test('keeps the metrics to route patterns and shows no private or sent value in them after the attack', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    for (const secret of [EMAIL_CANARY, PROMPT_CANARY, '<script', 'onerror']) expect(res.body, secret).not.toContain(secret);
    const patterns = new Set([...t.app.routeTable.map((r) => r.url), 'unmatched']);
    const requests = parsePrometheusText(res.body).filter((s) => s.name === 'veriwork_http_requests_total');
    expect(requests.filter((s) => !patterns.has(s.labels.route) || !/^[1-5]\d\d$/.test(s.labels.status)).map((s) => s.labels)).toEqual(
      [],
    );
    // Every hostile request and every health probe is counted, each once.
    const counted = requests.reduce((sum, s) => sum + s.value, 0);
    expect(counted).toBeGreaterThanOrEqual(outcomes.length + health.length);
  });

  // The attack walks every route (one request family per route), some with bodies of 1-2 MiB. What
  // the process held more after it than before, after collection (the server, and the test's own
  // plan and answers), was 137-142 MB on both databases and both Node versions (2026-11-30), the
  // same from run to run. The resident size measured before (under 650 MB) grew with the machine's
  // allocator and V8's laziness (570-1,300 MB for the same attack), not with what was kept. A leak
  // grows far past 250.
  test('keeps what the server holds after the attack within 250 MB of what it held before', () => {
    expect(heldGrowthMb).toBeLessThan(250);
  });
});
