// The operator's metrics when things go wrong (issue 39, decision 0067): e-mails the SMTP server
// refuses, a job that used up its tries, an image refused for a client's full share, a statement
// the database refuses, and witnesses behind the log, each with its exact value.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatWitnessKey } from '../../../core/tlog-cosignature';
import { countJobs } from '../../../server/jobs/jobs-repository';
import { claimImagePlace } from '../../../server/image';
import { clientAddressKey } from '../../../server/http/client-address';
import { ensureCheckpoint } from '../../../server/tlog/checkpoints';
import { generateKeyPair } from '../../../server/tlog/keys';
import { insertCosignature } from '../../../server/tlog/witnessing/cosignature-repository';
import { parsePrometheusText, samplesOf, valueOf, type Sample } from '../../helpers/prometheus-text';
import { startSmtpCatcher, type SmtpCatcher } from '../../helpers/smtp-catcher';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertLoggedWork } from '../tlog/log-fixtures';
import { fileForm, freshPng, registerWork, uploadFile } from '../submissions/helpers';

const TOKEN = 'metrics-failures-token-0123456789';
const T0 = Date.parse('2026-03-01T12:00:00Z');

async function scrape(t: TestApp): Promise<Sample[]> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return parsePrometheusText(res.body);
}

/** A witness key nobody answers for (its address refuses connections). */
async function silentWitness(name: string): Promise<string> {
  return `${await formatWitnessKey(name, generateKeyPair().publicKey)} http://127.0.0.1:9`;
}

describe('metrics of failures', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let clockMs = T0;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    smtp.refuse();
    t = await createTestApp({
      now: () => new Date(clockMs),
      env: {
        METRICS_TOKEN: TOKEN,
        SMTP_URL: smtp.url,
        JOBS_POLL_SECONDS: '0.5',
        // The first refusal ends the job: failed for the operator.
        MAIL_RETRY_LIMIT: '0',
        IMAGE_QUEUE_PER_CLIENT: '1',
        TLOG_WITNESSES: [await silentWitness('behind.test'), await silentWitness('never.test')].join(', '),
      },
    });
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('counts an e-mail the SMTP server refused, the failed run, and the job left failed', async () => {
    await registerWork(t.app);
    const deadline = Date.now() + 20_000;
    while (!(await countJobs(t.deps.db)).some((c) => c.name === 'mail' && c.state === 'failed')) {
      if (Date.now() > deadline) throw new Error('the mail job did not fail');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const samples = await scrape(t);
    expect(valueOf(samples, 'veriwork_mail_failed_total')).toBe(1);
    expect(valueOf(samples, 'veriwork_mail_sent_total')).toBe(0);
    // The app of this file also asks witnesses that never answer: their runs are counted apart.
    const mailRuns = samplesOf(samples, 'veriwork_job_runs_total').filter((s) => s.labels.kind === 'mail');
    expect(mailRuns.map((s) => ({ labels: s.labels, value: s.value }))).toEqual([
      { labels: { kind: 'mail', outcome: 'failed' }, value: 1 },
    ]);
    expect(valueOf(samples, 'veriwork_jobs', { kind: 'mail', state: 'failed' })).toBe(1);
    expect(valueOf(samples, 'veriwork_jobs', { kind: 'mail', state: 'queued' })).toBe(0);
  });

  it('counts an image refused because its client holds its whole share, apart from rate limits', async () => {
    const client = '203.0.113.9';
    const place = claimImagePlace(t.deps.config.imageProcessing, clientAddressKey(client));
    try {
      const form = await uploadFile(t.app, await freshPng());
      expect(form.statusCode).toBe(201);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        remoteAddress: client,
        ...fileForm(await freshPng()),
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('too_many_images');
    } finally {
      place.release();
    }
    const samples = await scrape(t);
    expect(samplesOf(samples, 'veriwork_image_refusals_total').map((s) => ({ labels: s.labels, value: s.value }))).toEqual([
      { labels: { reason: 'client_share' }, value: 1 },
    ]);
    expect(valueOf(samples, 'veriwork_http_requests_total', { method: 'POST', route: '/api/uploads', status: '429' })).toBe(1);
    expect(samplesOf(samples, 'veriwork_rate_limit_refusals_total')).toEqual([]);
  });

  it('reports how long the oldest job due to run has waited, leaving out one whose time has not come', async () => {
    // Written as pg-boss writes them; the periodic kind's worker looks only every 15 s.
    await sql`INSERT INTO pgboss.job (name, data, start_after) VALUES
      ('upload-sweep', '{}', now() - interval '120 seconds'), ('manage-cleanup', '{}', now() + interval '1 hour')`.execute(t.deps.db);
    const samples = await scrape(t);
    const waited = valueOf(samples, 'veriwork_jobs_oldest_queued_age_seconds', { kind: 'upload-sweep' })!;
    expect(waited).toBeGreaterThanOrEqual(120);
    expect(waited).toBeLessThan(130);
    expect(valueOf(samples, 'veriwork_jobs_oldest_queued_age_seconds', { kind: 'manage-cleanup' })).toBe(0);
    expect(valueOf(samples, 'veriwork_jobs', { kind: 'manage-cleanup', state: 'queued' })).toBe(1);
  });

  it('times a statement the database refused as an error', async () => {
    const before = valueOf(await scrape(t), 'veriwork_db_query_duration_seconds_count', { outcome: 'error' }) ?? 0;
    await expect(sql`SELECT 1 / 0`.execute(t.deps.db)).rejects.toThrow(/division by zero/);
    expect(valueOf(await scrape(t), 'veriwork_db_query_duration_seconds_count', { outcome: 'error' })).toBe(before + 1);
  });

  it("reports the newest checkpoint's age and each witness's lag from the oldest checkpoint it has not cosigned", async () => {
    // The registration above made one leaf. Checkpoints of sizes 1 at T0, 2 at T0 + 10 s and 3 at T0 + 70 s.
    await ensureCheckpoint(t.deps);
    clockMs = T0 + 10_000;
    await insertLoggedWork(t.deps.db);
    await ensureCheckpoint(t.deps);
    clockMs = T0 + 70_000;
    await insertLoggedWork(t.deps.db);
    await ensureCheckpoint(t.deps);
    // behind.test cosigned size 2; never.test nothing.
    const [behind] = t.deps.config.tlogWitnessing.witnesses;
    await insertCosignature(
      t.deps.db,
      { treeSize: 2, witnessVkey: behind.vkey, line: '— behind.test test', cosignedAt: T0 / 1000 + 11 },
      new Date(T0 + 11_000),
    );
    clockMs = T0 + 100_000;
    const samples = await scrape(t);
    expect(valueOf(samples, 'veriwork_tlog_size')).toBe(3);
    expect(valueOf(samples, 'veriwork_tlog_checkpoint_size')).toBe(3);
    expect(valueOf(samples, 'veriwork_tlog_checkpoint_age_seconds')).toBe(30);
    expect(samplesOf(samples, 'veriwork_tlog_witness_cosigned_size').map((s) => [s.labels.witness, s.value])).toEqual([
      ['behind.test', 2],
      ['never.test', -1],
    ]);
    // behind.test lacks size 3 (signed 30 s ago); never.test every checkpoint since the first (size 0, at T0).
    expect(samplesOf(samples, 'veriwork_tlog_witness_lag_seconds').map((s) => [s.labels.witness, s.value])).toEqual([
      ['behind.test', 30],
      ['never.test', 100],
    ]);
  });
});
