// Stopping the queue (server/jobs/job-queue.ts) before the pool closes. pg-boss's stop returns while
// a run it gave up waiting for is still going, and completes or fails each job without awaiting the
// statement, so a job ending after the stop sent SQL to a closed pool: an unhandled rejection that
// failed a whole CI run. A run that outlives the stop now sends nothing, and the job runs again; a
// job still waiting for a quiet moment ends its wait at the stop instead of holding the stop up.
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue, type JobKind } from '../../../server/jobs/job-queue';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let testDb: TestDatabase;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  testDb = await createTestDatabase();
  process.on('unhandledRejection', onUnhandled);
});

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await testDb?.drop();
});

afterEach(() => {
  unhandled.length = 0;
});

/** The test database's pool, counting the statements sent once `closed` is set. */
function countingPool() {
  const real = testDb.database.pool;
  const counter = { closed: false, late: 0 };
  const pool = {
    query: (...args: Parameters<pg.Pool['query']>) => {
      if (counter.closed) counter.late += 1;
      return (real.query as (...a: unknown[]) => unknown)(...args);
    },
  } as unknown as pg.Pool;
  return { pool, counter };
}

function queueWith<T extends object>(pool: pg.Pool, kind: JobKind<T>, idleForMs?: () => number): JobQueue {
  const queue = new JobQueue({ pool, db: testDb.database.db }, quiet, {
    pollingIntervalSeconds: 1,
    maintenanceIntervalSeconds: 60,
    registrationsIdleForMs: idleForMs,
  });
  queue.define(kind);
  return queue;
}

async function waitFor(check: () => boolean, what: string, limitMs = 20_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function jobStates(name: string): Promise<string[]> {
  const { rows } = await testDb.database.pool.query<{ state: string }>('SELECT state FROM pgboss.job WHERE name = $1', [name]);
  return rows.map((row) => row.state);
}

describe('a run that outlives the stop', () => {
  it('sends no statement after the stop, and its job runs again in the next queue', async () => {
    let release: () => void = () => undefined;
    const runs: string[] = [];
    const kind = (first: boolean): JobKind<{ n: number }> => ({
      name: 'outlives-stop',
      retry: { limit: 3, delaySeconds: 0, backoff: false },
      expireInSeconds: 60,
      run: async (_data, job) => {
        runs.push(job.id);
        if (first) await new Promise<void>((resolve) => (release = resolve));
      },
    });
    const { pool, counter } = countingPool();
    const first = queueWith(pool, kind(true));
    await first.start();
    await first.enqueue(testDb.database.db, 'outlives-stop', { n: 1 });
    first.wake('outlives-stop');
    await waitFor(() => runs.length === 1, 'the first run');

    await first.stop(1000);
    counter.closed = true;
    release();
    // The run ends now; pg-boss then completes its job through the queue's connection.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(counter.late).toBe(0);
    expect(unhandled).toEqual([]);

    const second = queueWith(testDb.database.pool, kind(false));
    await second.start();
    try {
      second.wake('outlives-stop');
      await waitFor(() => runs.length === 2, 'the run again');
      expect(runs[1]).toBe(runs[0]);
    } finally {
      await second.stop();
    }
  });
});

describe('a job waiting for a quiet moment', () => {
  it('ends its wait at the stop rather than holding the stop for its time-out, and runs later', async () => {
    const runs: number[] = [];
    const kind: JobKind<{ n: number }> = {
      name: 'waits-for-quiet',
      retry: { limit: 3, delaySeconds: 0, backoff: false },
      expireInSeconds: 600,
      yieldsToRegistrations: { maxWaitMs: 120_000 },
      run: async (data) => {
        runs.push(data.n);
      },
    };
    // Never idle: the job waits its two minutes for a quiet moment.
    const busy = queueWith(testDb.database.pool, kind, () => 0);
    await busy.start();
    await busy.enqueue(testDb.database.db, 'waits-for-quiet', { n: 7 });
    busy.wake('waits-for-quiet');
    // Taken by the worker (active), and waiting: it has not run.
    const deadline = Date.now() + 20_000;
    while ((await jobStates('waits-for-quiet')).join() !== 'active' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await jobStates('waits-for-quiet')).toEqual(['active']);

    const stopAsked = Date.now();
    await busy.stop(60_000);
    // Held for its time-out the stop would take a minute; a margin for a loaded machine, not a goal.
    expect(Date.now() - stopAsked).toBeLessThan(15_000);
    expect(runs).toEqual([]);
    expect(unhandled).toEqual([]);

    const idle = queueWith(testDb.database.pool, kind, () => 60_000);
    await idle.start();
    try {
      idle.wake('waits-for-quiet');
      await waitFor(() => runs.length === 1, 'the run after the restart');
      expect(runs).toEqual([7]);
    } finally {
      await idle.stop();
    }
  });
});
