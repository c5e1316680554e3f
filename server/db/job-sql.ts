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

export interface PoolJobSql extends JobSql {
  /** Resolves once no statement the queue sent is still running. */
  settled(): Promise<void>;
  /** Statements the queue sent that are still running. */
  readonly running: number;
  /**
   * After the queue stopped: statements pg-boss still sends (it completes or fails a job whose run
   * outlived the stop, without awaiting the result) are not sent to a pool that may be closed, and
   * never answered: a rejection would be unhandled, an invented result misread. Such a job was
   * already failed by the stop, so it runs again later.
   */
  close(onLateStatement: () => void): void;
  /** Before the queue starts (again): statements reach the pool. */
  open(): void;
}

/**
 * The pool itself, for the queue's own work. Without values pg uses the simple protocol, so the
 * queue's schema creation (many statements in one text) runs as one.
 */
export function poolJobSql(pool: pg.Pool): PoolJobSql {
  const running = new Set<Promise<unknown>>();
  let closed: (() => void) | undefined;
  return {
    executeSql(text, values) {
      if (closed) {
        closed();
        return new Promise<never>(() => undefined);
      }
      const query = pool.query(text, values as unknown[] | undefined);
      // Tracked without its outcome: the caller handles the failure, this copy only says it ended.
      const tracked: Promise<unknown> = query.then(
        () => running.delete(tracked),
        () => running.delete(tracked),
      );
      running.add(tracked);
      return query;
    },
    get running() {
      return running.size;
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
    close(onLateStatement) {
      closed = onLateStatement;
    },
    open() {
      closed = undefined;
    },
  };
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
