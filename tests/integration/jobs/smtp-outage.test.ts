// The SMTP server down for ten minutes, then back (decision 0058, issue 36's "Done when"): every
// verification, manage-link, watch-confirmation and alert e-mail queued meanwhile is retried with the
// production back-off (60 s doubling, ten tries) and arrives exactly once when the server is back.
// The ten minutes pass on a fake clock: the test moves the waiting jobs' next try nearer instead of
// waiting. And an SMTP server that stalls (takes the message, never answers) holds one send until
// its time-out, not the other e-mail or the other kinds of job.
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backgroundOf } from '../../../server/app';
import { countJobs } from '../../../server/jobs/jobs-repository';
import { mailPendingAlerts, scanForAlerts } from '../../../server/watch/alert-scanner';
import { advanceJobClock, dueJobsRun, jobsSettled, jobTries } from '../../helpers/jobs';
import { tokenInMail } from '../../helpers/mail-links';
import { startSmtpCatcher, type SmtpCatcher } from '../../helpers/smtp-catcher';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { freshPng, registerWork } from '../submissions/helpers';

const WATCHER = 'watcher@example.org';
const LATE_WATCHER = 'late.watcher@example.org';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil<T>(read: () => T | Promise<T>, what: string, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const mailJobs = async (t: TestApp, state: string) =>
  (await countJobs(t.deps.db)).find((c) => c.name === 'mail' && c.state === state)?.count ?? 0;

describe('e-mail through an SMTP outage', () => {
  let smtp: SmtpCatcher;
  let t: TestApp | undefined;
  const subjects = () => smtp.received.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1] ?? '').sort();

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
    smtp.accept();
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('delivers every e-mail queued during ten minutes of refusals exactly once when the server is back', async () => {
    // The production back-off; a worker that looks twice a second (the test's only speed-up).
    t = await createTestApp({ env: { SMTP_URL: smtp.url, JOBS_POLL_SECONDS: '0.5' } });
    const app = t;
    const { mail, jobs } = backgroundOf(app.app);

    // Before the outage: a work, watched by a confirmed watcher.
    const original = await freshPng(640, 480);
    const { created: watched } = await registerWork(app.app, { title: 'Harbour Lights' }, original);
    expect(
      (await app.app.inject({ method: 'POST', url: `/api/submissions/${watched.registry_id}/watch`, payload: { email: WATCHER } }))
        .statusCode,
    ).toBe(202);
    const confirmation = await waitUntil(() => smtp.received.find((m) => m.to.includes(WATCHER)), 'the watch confirmation');
    const confirmed = await app.app.inject({
      method: 'POST',
      url: '/api/watch/confirm',
      payload: { token: tokenInMail(confirmation.raw, '/watch/confirm') },
    });
    expect(confirmed.statusCode).toBe(200);
    await jobsSettled(app, 'mail');
    smtp.received.length = 0;
    const sentBefore = await mailJobs(app, 'completed');

    // The outage: four kinds of e-mail are queued while every try is refused.
    smtp.refuse();
    const { created: copy } = await registerWork(
      app.app,
      { title: 'My Harbour', author_email: 'copy.artist@example.com', artist_name: 'Copycat' },
      await sharp(original).jpeg({ quality: 70 }).toBuffer(),
    );
    const manage = await app.app.inject({
      method: 'POST',
      url: '/api/manage/link',
      headers: { origin: 'http://ledger.test' },
      payload: { email: 'fox.artist@example.com' },
    });
    expect(manage.statusCode).toBe(202);
    expect(
      (
        await app.app.inject({
          method: 'POST',
          url: `/api/submissions/${watched.registry_id}/watch`,
          payload: { email: LATE_WATCHER },
        })
      ).statusCode,
    ).toBe(202);
    // The copy's alert is filed and its e-mail queued by this scan or by the watch job's own, which
    // runs at every turn of the minute: on a loaded machine a turn fell between the copy's
    // registration and this call (CI: the call then found nothing left to file). Either way one
    // alert, and its e-mail is one of the four queued below.
    await scanForAlerts(app.deps);
    await mailPendingAlerts(app.deps, mail, app.app.log);
    const alerts = await app.deps.db.selectFrom('watch_alerts').select(['submission_id', 'match_id']).execute();
    expect(alerts).toEqual([{ submission_id: watched.id, match_id: copy.id }]);
    // The manage link is queued after the answer.
    await waitUntil(
      async () => (await jobTries(app, 'mail')).filter((j) => j.state !== 'completed').length === 4,
      'four queued e-mails',
    );

    // Ten minutes on the queue's clock, a minute at a time: each due try runs, and is refused.
    for (let minute = 1; minute <= 10; minute += 1) {
      await advanceJobClock(app, 'mail', 60);
      jobs.wake('mail');
      await dueJobsRun(app, 'mail');
    }
    const waiting = (await jobTries(app, 'mail')).filter((j) => j.state !== 'completed');
    // Refused at once, then 60–120 s later, 120–240 s after that, 240–480 s after that: three or four
    // tries each (retry_count counts the tries after the first), none used up.
    expect(waiting.map((j) => j.state)).toEqual(['retry', 'retry', 'retry', 'retry']);
    for (const job of waiting) expect([2, 3]).toContain(job.retry_count);
    expect(smtp.received).toEqual([]);

    // The server is back: the next try of each sends it, once.
    smtp.accept();
    await advanceJobClock(app, 'mail', 16 * 60);
    jobs.wake('mail');
    await jobsSettled(app, 'mail');
    // A moment for any second send to show.
    await pause(1500);
    expect(subjects()).toEqual(
      [
        `A possible copy of ${watched.registry_id} registered`,
        `Confirm your e-mail for ${copy.registry_id}`,
        `Confirm: watch ${watched.registry_id} on VeriWork`,
        'Manage your works on VeriWork',
      ].sort(),
    );
    expect(smtp.received.map((m) => m.to).sort()).toEqual([
      ['copy.artist@example.com'],
      ['fox.artist@example.com'],
      [LATE_WATCHER],
      [WATCHER],
    ]);
    expect(await mailJobs(app, 'completed')).toBe(sentBefore + 4);
    expect(await mailJobs(app, 'failed')).toBe(0);
  });

  it('lets other e-mail and other jobs through while one message stalls, and sends the stalled one once after its time-out', async () => {
    t = await createTestApp({ env: { SMTP_URL: smtp.url, JOBS_POLL_SECONDS: '0.5', MAIL_RETRY_DELAY_SECONDS: '1' } });
    const app = t;
    const { jobs } = backgroundOf(app.app);
    smtp.stall();
    const { created: stalled } = await registerWork(app.app, { title: 'Stalled', author_email: 'stalled@example.com' });
    // The send starts once the registration's image work has paused (decision 0074), then stalls.
    await waitUntil(() => smtp.stalledCount === 1, 'the stalled send');
    expect(await mailJobs(app, 'active')).toBe(1);
    smtp.accept();

    const started = Date.now();
    const { created: next } = await registerWork(app.app, { title: 'Next', author_email: 'next@example.com' });
    await waitUntil(() => smtp.received.find((m) => m.to.includes('next@example.com')), 'the next e-mail', 5_000);
    await jobs.enqueue(app.deps.db, 'rate-limit-cleanup', {});
    jobs.wake('rate-limit-cleanup');
    await jobsSettled(app, 'rate-limit-cleanup', 5_000);
    // Neither waited for the stalled conversation's time-out (20 s).
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(smtp.received.filter((m) => m.to.includes('stalled@example.com'))).toEqual([]);

    // The stalled send ends at its time-out, is retried, and arrives once.
    await waitUntil(
      () => smtp.received.find((m) => m.to.includes('stalled@example.com')),
      'the stalled e-mail after its retry',
      40_000,
    );
    await jobsSettled(app, 'mail');
    await pause(1000);
    const confirmations = smtp.received.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]);
    expect(confirmations.sort()).toEqual(
      [`Confirm your e-mail for ${next.registry_id}`, `Confirm your e-mail for ${stalled.registry_id}`].sort(),
    );
  });
});
