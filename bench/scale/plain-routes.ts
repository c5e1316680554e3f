// The plain `pg` reference: for each scenario, the SQL the app's own repository functions send,
// recorded once through Kysely's query log and then replayed with pool.query (in parallel, as
// the app runs a page and its total), the rows written out with JSON.stringify. No framework,
// no validation, no cache: what the database alone costs for the same question.
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import type { DB } from '../../server/db/types';
import type { LedgerSummary } from '../../server/ledger/ledger-summary';

export interface RecordedQuery {
  sql: string;
  parameters: readonly unknown[];
}

/** Runs `work` against the database and returns every statement it sent, in order. */
export async function recordQueries(pool: pg.Pool, work: (db: Kysely<DB>) => Promise<unknown>): Promise<RecordedQuery[]> {
  const recorded: RecordedQuery[] = [];
  const db = new Kysely<DB>({
    // Kysely's driver releases its clients but never ends the shared pool.
    dialect: new PostgresDialect({ pool: { connect: () => pool.connect(), end: async () => undefined } }),
    log: (event) => {
      if (event.level === 'query') recorded.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  await work(db);
  await db.destroy();
  return recorded;
}

/** The app reads the unfiltered total from its summary (the counters); the plain route reads that one counter. */
export const PUBLIC_TOTAL_SQL: RecordedQuery = {
  sql: `SELECT n FROM ledger_counters WHERE kind = 'public' AND value = ''`,
  parameters: [],
};

/** A summary for calling readLedgerPage: only publicTotal is read, and only when nothing is filtered. */
export function summaryWithTotal(publicTotal: number): LedgerSummary {
  return { publicTotal, verified: 0, toolsInLedger: [], platforms: [], tags: [] };
}

export async function replay(pool: pg.Pool, queries: readonly RecordedQuery[]): Promise<string> {
  const results = await Promise.all(queries.map((q) => pool.query(q.sql, q.parameters as unknown[])));
  return JSON.stringify(results.map((r) => r.rows));
}
