// Periodic work as scheduled jobs of the queue (decision 0058): every kind is scheduled in the
// database with its cron expression, and a period's job, once queued, is run by the queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundOf } from '../../../server/app';
import { countJobs } from '../../../server/jobs/jobs-repository';
import { jobsSettled } from '../../helpers/jobs';
import { createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { JOBS_POLL_SECONDS: '0.5' } });
});
afterAll(async () => {
  await t.close();
});

describe('periodic work on the queue', () => {
  it('schedules each periodic kind once, with its period', async () => {
    const schedules = await backgroundOf(t.app).jobs.schedules();
    expect(schedules.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'dataset-snapshot', cron: '*/10 * * * *' },
      { name: 'dispute-cleanup', cron: '19 * * * *' },
      { name: 'log-checkpoint', cron: '* * * * *' },
      { name: 'login-throttle-cleanup', cron: '7 * * * *' },
      { name: 'manage-cleanup', cron: '13 * * * *' },
      { name: 'rate-limit-cleanup', cron: '11 * * * *' },
      { name: 'upload-sweep', cron: '17 * * * *' },
      { name: 'watch-alerts', cron: '* * * * *' },
    ]);
  });

  it("runs a period's job: the rate-limit clean-up deletes the expired counter and keeps the live one", async () => {
    const now = Date.now();
    await t.deps.db
      .insertInto('rate_limit_counters')
      .values([
        { key: 'expired', hits: 3, reset_at: new Date(now - 60_000) },
        { key: 'live', hits: 1, reset_at: new Date(now + 3_600_000) },
      ])
      .execute();
    const { jobs } = backgroundOf(t.app);
    await jobs.enqueue(t.deps.db, 'rate-limit-cleanup', {});
    jobs.wake('rate-limit-cleanup');
    await jobsSettled(t, 'rate-limit-cleanup');
    const keys = await t.deps.db.selectFrom('rate_limit_counters').select('key').orderBy('key').execute();
    expect(keys).toEqual([{ key: 'live' }]);
    // Completed, none failed (the scheduler may have queued its own run meanwhile, at minute 11).
    const states = (await countJobs(t.deps.db)).filter((c) => c.name === 'rate-limit-cleanup').map((c) => c.state);
    expect(states).toEqual(['completed']);
  });
});
