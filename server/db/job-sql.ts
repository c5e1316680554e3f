// The job queue's (pg-boss, server/jobs/) way into the database: it runs its own SQL through an
// `executeSql(text, values)` we hand it, so the queue lives in the service's database, embedded or
// server, and a job can be written in the transaction of the change that causes it (decision 0058).
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { DB } from './types';

/** Where pg-boss keeps its tables; it creates and migrates this schema itself when the queue starts. */
export const JOB_SCHEMA = 'pgboss';

export interface JobSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The pool itself, for the queue's own work. Without values pg uses the simple protocol, so the
 * queue's schema creation (many statements in one text) runs as one.
 */
export function poolJobSql(pool: pg.Pool): JobSql {
  return { executeSql: (text, values) => pool.query(text, values as unknown[] | undefined) };
}

/** A Kysely connection or transaction: a job sent through it commits or rolls back with the rest. */
export function kyselyJobSql(db: Kysely<DB> | Transaction<DB>): JobSql {
  return {
    async executeSql(text, values = []) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] };
    },
  };
}

/**
 * Creates the queue's schema as pg-boss does at its first start, for a database that is made once
 * and copied (the tests' migrated templates): a queue started on a copy finds it current and
 * skips the creation, which costs about half a second on the embedded database.
 */
export async function createJobSchema(pool: pg.Pool): Promise<void> {
  await pool.query(PgBoss.getConstructionPlans(JOB_SCHEMA));
}
