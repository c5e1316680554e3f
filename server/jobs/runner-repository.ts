// The rows behind runner liveness (migration 035, decision 0073): each process's last sign of life
// and the periodic runs in progress with the process that runs them. Times are the database's, so
// processes on machines whose clocks differ agree on what is stale.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';

export async function markRunnerAlive(db: Kysely<DB>, runner: string): Promise<void> {
  await sql`
    INSERT INTO job_runners (runner, seen_at) VALUES (${runner}, now())
    ON CONFLICT (runner) DO UPDATE SET seen_at = now()`.execute(db);
}

export async function forgetRunner(db: Kysely<DB>, runner: string): Promise<void> {
  await sql`DELETE FROM job_runners WHERE runner = ${runner}`.execute(db);
}

export async function recordPeriodicRun(db: Kysely<DB>, run: { jobId: string; kind: string; runner: string }): Promise<void> {
  await sql`
    INSERT INTO periodic_job_runs (job_id, kind, runner) VALUES (${run.jobId}::uuid, ${run.kind}, ${run.runner})
    ON CONFLICT (job_id) DO UPDATE SET runner = EXCLUDED.runner, started_at = now()`.execute(db);
}

export async function endPeriodicRun(db: Kysely<DB>, jobId: string): Promise<void> {
  await sql`DELETE FROM periodic_job_runs WHERE job_id = ${jobId}::uuid`.execute(db);
}

/**
 * Periodic runs whose process has not said it is alive for `staleSeconds` (or never did, or said
 * goodbye). Few rows: one per periodic kind at most is running.
 */
export async function orphanedPeriodicRuns(
  db: Kysely<DB>,
  staleSeconds: number,
): Promise<{ job_id: string; kind: string; runner: string }[]> {
  const { rows } = await sql<{ job_id: string; kind: string; runner: string }>`
    SELECT r.job_id::text AS job_id, r.kind, r.runner FROM periodic_job_runs r
    LEFT JOIN job_runners p ON p.runner = r.runner
    WHERE p.seen_at IS NULL OR p.seen_at < now() - make_interval(secs => ${staleSeconds})`.execute(db);
  return rows;
}

/** Runners silent for a day: processes long gone, whose rows nothing reads any more. */
export async function forgetSilentRunners(db: Kysely<DB>): Promise<void> {
  await sql`DELETE FROM job_runners WHERE seen_at < now() - interval '1 day'`.execute(db);
}
