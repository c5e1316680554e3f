// Planner statistics. A PostgreSQL server refreshes them itself (autovacuum); the embedded
// database has no background workers, so without this a grown ledger keeps the statistics of an
// empty one and gets plans that are many times slower (measured: 17 ms → 3 ms for a ledger page).
import type { Database } from './database';

const REFRESH_INTERVAL_MS = 60 * 60 * 1000;

export async function refreshStatistics(database: Database): Promise<void> {
  if (database.kind !== 'pglite') return;
  await database.pool.query('ANALYZE');
}

/**
 * Refreshes now and then hourly; returns a function that stops the timer. A timer, not a job of
 * the queue (decision 0065): only the embedded database needs it, and it has one process.
 */
export function keepStatisticsFresh(database: Database, onError: (err: unknown) => void): () => void {
  if (database.kind !== 'pglite') return () => undefined;
  const timer = setInterval(() => refreshStatistics(database).catch(onError), REFRESH_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
