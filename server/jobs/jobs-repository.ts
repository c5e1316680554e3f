// What the operator sees of the queue (decision 0058): jobs per kind and state, and the failed ones
// with their last error. Read from pg-boss's job table (its schema is pg-boss's own; these columns
// are those of pg-boss 10). Archived jobs (finished more than a day or a week ago) are not counted.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { JOB_SCHEMA } from '../db/job-sql';

const job = sql.id(JOB_SCHEMA, 'job');

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobStateCount {
  name: string;
  state: JobState;
  count: number;
}

/** pg-boss's own queues (the scheduler's) are left out: they are not work of the service. */
export async function countJobs(db: Kysely<DB>): Promise<JobStateCount[]> {
  const { rows } = await sql<JobStateCount>`
    SELECT name, state::text AS state, count(*)::int AS count FROM ${job}
    WHERE name NOT LIKE '\\_\\_pgboss\\_\\_%'
    GROUP BY name, state ORDER BY name, state`.execute(db);
  return rows;
}

export interface FailedJob {
  id: string;
  name: string;
  retry_count: number;
  created_on: Date;
  completed_on: Date | null;
  last_error: string | null;
}

export async function failedJobs(db: Kysely<DB>, limit: number): Promise<FailedJob[]> {
  const { rows } = await sql<FailedJob>`
    SELECT id::text AS id, name, retry_count, created_on, completed_on, output->>'message' AS last_error
    FROM ${job} WHERE state = 'failed' AND name NOT LIKE '\\_\\_pgboss\\_\\_%'
    ORDER BY completed_on DESC NULLS LAST LIMIT ${limit}`.execute(db);
  return rows;
}

/** The newest run of re-scoring every work under a rubric (migration 026), for the operator. */
export async function newestRescoreRun(db: Kysely<DB>) {
  return db.selectFrom('rescore_runs').selectAll().orderBy('started_at', 'desc').limit(1).executeTakeFirst();
}

/** The kind of a job, to put it back in its queue; undefined for an unknown id. */
export async function jobKind(db: Kysely<DB>, id: string): Promise<string | undefined> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM ${job} WHERE id = ${id}::uuid`.execute(db);
  return rows[0]?.name;
}
