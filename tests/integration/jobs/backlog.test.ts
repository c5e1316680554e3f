// A backlog drains at the jobs' own pace (server/jobs/job-queue.ts): pg-boss 10 waits out its
// polling interval after every job that ended sooner, even with more queued, so twenty short jobs
// took forty seconds at a two-second interval, and a stream of registrations' link checks or
// e-mails fell further behind the longer it lasted. The queue now looks for the next job at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue } from '../../../server/jobs/job-queue';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

const KIND = 'backlog-probe';
const JOBS = 20;
const POLLING_SECONDS = 2;

let testDb: TestDatabase;
let queue: JobQueue;
const ran: number[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  queue = new JobQueue(testDb.database, quiet, { pollingIntervalSeconds: POLLING_SECONDS, maintenanceIntervalSeconds: 60 });
  queue.define<{ n: number }>({
    name: KIND,
    retry: { limit: 0, delaySeconds: 1, backoff: false },
    expireInSeconds: 60,
    run: async (data) => {
      ran.push(data.n);
    },
  });
  await queue.start();
});

afterAll(async () => {
  await queue?.stop();
  await testDb?.drop();
});

describe('a backlog of short jobs', () => {
  it('is run one after another without waiting out the polling interval between them', async () => {
    await testDb.database.db.transaction().execute(async (trx) => {
      for (let n = 0; n < JOBS; n++) await queue.enqueue(trx, KIND, { n });
    });
    const started = Date.now();
    queue.wake(KIND);
    // Waiting out the interval after each, twenty jobs take forty seconds; at their own pace, a
    // fraction of one interval each. Five intervals is a loaded machine's margin, not the goal.
    const limitMs = 5 * POLLING_SECONDS * 1000;
    while (ran.length < JOBS && Date.now() - started < limitMs) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran.sort((a, b) => a - b)).toEqual(Array.from({ length: JOBS }, (_, n) => n));
  });
});

describe('a paced batch kind', () => {
  it('rests after each run as long as the run took, at busyShare 0.5, each run recorded with its process', async () => {
    const paced = new JobQueue(
      testDb.database,
      { info: () => undefined, warn: () => undefined, error: () => undefined },
      {
        pollingIntervalSeconds: POLLING_SECONDS,
        maintenanceIntervalSeconds: 60,
      },
    );
    const runs: Array<{ start: number; end: number }> = [];
    /** The kinds recorded with their process while each run ran (runner-liveness.ts). */
    const recorded: string[][] = [];
    paced.define<{ n: number }>({
      name: 'paced-probe',
      pace: { busyShare: 0.5 },
      retry: { limit: 0, delaySeconds: 1, backoff: false },
      expireInSeconds: 60,
      run: async () => {
        const start = Date.now();
        const { rows } = await testDb.database.pool.query<{ kind: string }>('SELECT kind FROM periodic_job_runs');
        recorded.push(rows.map((row) => row.kind));
        await new Promise((resolve) => setTimeout(resolve, 300));
        runs.push({ start, end: Date.now() });
      },
    });
    await paced.start();
    try {
      await testDb.database.db.transaction().execute(async (trx) => {
        for (let n = 0; n < 3; n++) await paced.enqueue(trx, 'paced-probe', { n });
      });
      paced.wake('paced-probe');
      const deadline = Date.now() + 20_000;
      while (runs.length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(runs).toHaveLength(3);
      // Each run began at least as long after the previous one ended as that run took (300 ms).
      for (let i = 1; i < runs.length; i++) expect(runs[i]!.start - runs[i - 1]!.end).toBeGreaterThanOrEqual(290);
      // Each batch is recorded with its process while it runs and rests, so a kill -9 mid-batch is
      // noticed within seconds rather than at the batch's time-out; and forgotten once it ended.
      expect(recorded).toEqual([['paced-probe'], ['paced-probe'], ['paced-probe']]);
      // The last batch's rest is still part of its job (and recorded); then the record goes.
      const quiet = Date.now() + 5_000;
      while ((await testDb.database.pool.query('SELECT 1 FROM periodic_job_runs')).rows.length > 0 && Date.now() < quiet)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await testDb.database.pool.query('SELECT kind FROM periodic_job_runs')).rows).toEqual([]);
    } finally {
      await paced.stop();
    }
  });
});
