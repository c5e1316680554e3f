// SQL of the metrics read at each scrape: the durable queue's jobs (pg-boss's table, as
// server/jobs/jobs-repository.ts reads it), and the log's newest checkpoint and witnesses. Each is
// one indexed or grouped read: a scrape every 15 s costs the database little.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { JOB_SCHEMA } from '../db/job-sql';

const job = sql.id(JOB_SCHEMA, 'job');

/**
 * Per kind: how long its oldest job due to run has waited for a worker, in seconds: since it was
 * queued, or since its retry fell due. A job waiting out its retry delay is not late, so it is not
 * counted (pg-boss's own index on name and start_after serves the read).
 */
export async function oldestDueJobWaits(db: Kysely<DB>): Promise<Map<string, number>> {
  const { rows } = await sql<{ name: string; age: number }>`
    SELECT name, extract(epoch FROM now() - min(start_after))::float8 AS age FROM ${job}
    WHERE state IN ('created', 'retry') AND start_after <= now() AND name NOT LIKE '\\_\\_pgboss\\_\\_%'
    GROUP BY name`.execute(db);
  return new Map(rows.map((r) => [r.name, Math.max(0, Number(r.age))]));
}

export interface NewestCheckpointFacts {
  treeSize: number;
  createdAt: Date;
}

export async function newestCheckpointFacts(db: Kysely<DB>): Promise<NewestCheckpointFacts | undefined> {
  const row = await db
    .selectFrom('tlog_checkpoints')
    .select(['tree_size', 'created_at'])
    .orderBy('tree_size', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { treeSize: Number(row.tree_size), createdAt: new Date(row.created_at) };
}

/** When the oldest checkpoint larger than `size` was signed: since then the witness has been behind. */
export async function firstCheckpointAbove(db: Kysely<DB>, size: number): Promise<Date | undefined> {
  const row = await db
    .selectFrom('tlog_checkpoints')
    .select('created_at')
    .where('tree_size', '>', String(size))
    .orderBy('tree_size', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row && new Date(row.created_at);
}
