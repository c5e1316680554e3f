// Waiting for the app's job queue (server/jobs/) in tests: until no job of a kind is queued,
// waiting for a retry or running; and a fake clock for the queue's back-off.
import { sql } from 'kysely';
import { JOB_SCHEMA } from '../../server/db/job-sql';
import { countJobs } from '../../server/jobs/jobs-repository';
import type { TestApp } from './test-app';

export async function jobsSettled(t: Pick<TestApp, 'deps'>, name: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending = (await countJobs(t.deps.db)).filter((c) => c.name === name && ['created', 'retry', 'active'].includes(c.state));
    if (pending.length === 0) return;
    if (Date.now() > deadline) throw new Error(`${name} jobs still pending: ${JSON.stringify(pending)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The fake clock of the queue's back-off: moves every waiting job of kind `name` `seconds` nearer
 * to its next try (pg-boss compares a job's start_after with the database's now()), as if that
 * much time had passed for the queue.
 */
export async function advanceJobClock(t: Pick<TestApp, 'deps'>, name: string, seconds: number): Promise<void> {
  await sql`UPDATE ${sql.id(JOB_SCHEMA, 'job')} SET start_after = start_after - make_interval(secs => ${seconds})
    WHERE name = ${name} AND state IN ('created', 'retry')`.execute(t.deps.db);
}

/** Waits until every job of kind `name` that is due has run: none due and waiting, none running. */
export async function dueJobsRun(t: Pick<TestApp, 'deps'>, name: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql<{ count: number }>`SELECT count(*)::int AS count FROM ${sql.id(JOB_SCHEMA, 'job')}
      WHERE name = ${name} AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`.execute(t.deps.db);
    if (rows[0].count === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0].count} ${name} jobs still due or running`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** How many times each waiting or finished job of kind `name` has been retried, by state. */
export async function jobTries(t: Pick<TestApp, 'deps'>, name: string): Promise<{ state: string; retry_count: number }[]> {
  const { rows } = await sql<{ state: string; retry_count: number }>`SELECT state::text AS state, retry_count
    FROM ${sql.id(JOB_SCHEMA, 'job')} WHERE name = ${name} ORDER BY created_on`.execute(t.deps.db);
  return rows;
}
