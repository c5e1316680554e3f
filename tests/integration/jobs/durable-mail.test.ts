// E-mail as jobs of the durable queue (decision 0058), through a real SMTP server on loopback
// that refuses and comes back: the message arrives exactly once after the retries; a
// registration committed by a process that stopped before sending is sent by the next process; two
// apps on one database send one message per job; a job that used up its tries is shown to admins
// with its last error, and their retry sends it.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backgroundOf } from '../../../server/app';
import { countJobs } from '../../../server/jobs/jobs-repository';
import { jobsSettled } from '../../helpers/jobs';
import { REFUSAL_TEXT, startSmtpCatcher, type SmtpCatcher } from '../../helpers/smtp-catcher';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { registerWork } from '../submissions/helpers';
import { adminGet, adminPost, auditRows, createAdminAccount, signIn } from '../admin/admin-test-kit';

// Retries a second apart (doubling), so a test sees several within seconds.
const QUICK_RETRIES = { MAIL_RETRY_DELAY_SECONDS: '1', MAIL_RETRY_LIMIT: '5', JOBS_POLL_SECONDS: '0.5' };
// Apps on one database sign one log: they share its key.
const LOG_KEY = crypto.generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

async function waitUntil<T>(read: () => T | Promise<T>, what: string, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function mailJobs(t: TestApp, state: string): Promise<number> {
  return (await countJobs(t.deps.db)).find((c) => c.name === 'mail' && c.state === state)?.count ?? 0;
}

describe('e-mail as jobs of the durable queue', () => {
  let smtp: SmtpCatcher;
  const apps: TestApp[] = [];
  const confirmations = (registryId: string) => smtp.received.filter((m) => m.raw.includes(`Confirm your e-mail for ${registryId}`));

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
  });
  afterEach(async () => {
    // Apps sharing a database close before the one that owns it.
    for (const t of apps.reverse()) await t.close();
    apps.length = 0;
    smtp.accept();
    // Every test's database numbers its works from the same first registry id.
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await smtp.close();
  });

  async function app(env: Record<string, string> = {}, shared?: TestApp): Promise<TestApp> {
    const t = await createTestApp({
      env: { SMTP_URL: smtp.url, TLOG_SIGNING_KEY: LOG_KEY, ...QUICK_RETRIES, ...env },
      sharedDatabase: shared?.testDb,
    });
    apps.push(t);
    return t;
  }

  it('retries while the SMTP server refuses, and delivers the message exactly once when it is back', async () => {
    const t = await app();
    smtp.refuse();
    const { created } = await registerWork(t.app, { title: 'Refused Once' });
    // At least one try was refused and the job waits for its next one.
    await waitUntil(async () => (await mailJobs(t, 'retry')) === 1, 'a refused try');
    expect(confirmations(created.registry_id)).toHaveLength(0);

    smtp.accept();
    await waitUntil(() => confirmations(created.registry_id).length > 0, 'the message after the retry');
    await jobsSettled(t, 'mail');
    // A moment for any second send to show.
    await pause(1500);
    expect(confirmations(created.registry_id)).toHaveLength(1);
    expect(await mailJobs(t, 'completed')).toBe(1);
    const delivered = await t.deps.db.selectFrom('mail_deliveries').select('idempotency_key').execute();
    expect(delivered).toEqual([{ idempotency_key: `verify:${created.id}` }]);
  });

  it("sends a registration's e-mail committed by a process that stopped before sending, once the next one runs the queue", async () => {
    const first = await app();
    // This process stops working its queue: what it commits now, it never sends.
    await backgroundOf(first.app).jobs.stop();
    const { created } = await registerWork(first.app, { title: 'Stopped Before Sending' });
    expect(await mailJobs(first, 'created')).toBe(1);
    await pause(1000);
    expect(confirmations(created.registry_id)).toHaveLength(0);

    const next = await app({}, first);
    await waitUntil(() => confirmations(created.registry_id).length > 0, 'the message from the next process');
    await jobsSettled(next, 'mail');
    await pause(1000);
    expect(confirmations(created.registry_id)).toHaveLength(1);
  });

  it('sends one message per job when two apps work one queue', async () => {
    const one = await app();
    const two = await app({}, one);
    const works = [];
    for (let i = 0; i < 4; i += 1) works.push((await registerWork(i % 2 === 0 ? one.app : two.app, { title: `Shared ${i}` })).created);
    backgroundOf(one.app).mail.wake();
    backgroundOf(two.app).mail.wake();
    await jobsSettled(one, 'mail');
    await pause(1000);
    expect(works.map((work) => confirmations(work.registry_id).length)).toEqual([1, 1, 1, 1]);
  });

  it('shows a job that used up its tries to admins with its last error, and their retry sends it once', async () => {
    const t = await app({ MAIL_RETRY_LIMIT: '0' });
    await createAdminAccount(t);
    const cookie = await signIn(t);
    smtp.refuse();
    const { created } = await registerWork(t.app, { title: 'Failed Then Retried' });
    await waitUntil(async () => (await mailJobs(t, 'failed')) === 1, 'the failed job');

    const unsigned = await adminGet(t, '/api/admin/jobs');
    expect(unsigned.statusCode).toBe(401);
    const queue = await adminGet(t, '/api/admin/jobs', cookie);
    expect(queue.statusCode).toBe(200);
    const body = queue.json();
    expect(body.kinds).toContainEqual({ kind: 'mail', queued: 0, running: 0, failed: 1, completed: 0 });
    expect(body.failed).toHaveLength(1);
    const [failed] = body.failed;
    expect(failed.kind).toBe('mail');
    expect(failed.tries).toBe(1);
    expect(failed.last_error).toContain(REFUSAL_TEXT);
    // The message (address, link) is never part of the answer.
    expect(queue.body).not.toContain('fox.artist@example.com');

    smtp.accept();
    const unknown = await adminPost(t, '/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry', {}, cookie);
    expect(unknown.statusCode).toBe(404);
    const retried = await adminPost(t, `/api/admin/jobs/${failed.id}/retry`, {}, cookie);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ id: failed.id, kind: 'mail', state: 'retry' });
    await waitUntil(() => confirmations(created.registry_id).length > 0, 'the retried message');
    await jobsSettled(t, 'mail');
    expect(confirmations(created.registry_id)).toHaveLength(1);
    const again = (await adminGet(t, '/api/admin/jobs', cookie)).json();
    expect(again.kinds).toContainEqual({ kind: 'mail', queued: 0, running: 0, failed: 0, completed: 1 });
    expect(again.failed).toEqual([]);
    // A second retry of the same job finds nothing failed.
    expect((await adminPost(t, `/api/admin/jobs/${failed.id}/retry`, {}, cookie)).statusCode).toBe(404);

    const audit = await auditRows(t, { table: 'jobs', record: failed.id });
    expect(audit.map((a) => [a.action_type, a.admin_email, a.reason, a.new_values])).toEqual([
      ['UPDATE', 'moderator@example.com', "retry of a failed 'mail' job", { state: 'retry' }],
    ]);
  });
});
