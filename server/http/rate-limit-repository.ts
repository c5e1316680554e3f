// The rate_limit_counters table: fixed-window counters shared by every server process.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';

export interface CounterWindow {
  hits: number;
  /** Milliseconds until the window ends (never negative). */
  ttlMs: number;
}

/** Counts one hit for `key`, starting a new window of `windowMs` when the old one has ended. */
export async function incrementRateLimitCounter(db: Kysely<DB>, key: string, windowMs: number): Promise<CounterWindow> {
  const result = await sql<{ hits: number; ttl: number }>`
    INSERT INTO rate_limit_counters (key, hits, reset_at)
    VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limit_counters.reset_at <= now() THEN 1 ELSE rate_limit_counters.hits + 1 END,
      reset_at = CASE WHEN rate_limit_counters.reset_at <= now() THEN excluded.reset_at ELSE rate_limit_counters.reset_at END
    RETURNING hits, ceil(extract(epoch FROM (reset_at - now())) * 1000)::float8 AS ttl`.execute(db);
  const row = result.rows[0];
  return { hits: Number(row.hits), ttlMs: Math.max(0, Number(row.ttl)) };
}

/** Deletes counters whose window has ended; returns how many went. */
export async function deleteExpiredRateLimitCounters(db: Kysely<DB>): Promise<number> {
  const result = await sql`DELETE FROM rate_limit_counters WHERE reset_at < now()`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** One fixed window a weighted request spends from (see spendRateLimitHits). */
export interface WindowBudget {
  key: string;
  max: number;
  windowMs: number;
}

/** A window as it stands after spendRateLimitHits: its hits (spent or not) and time left. */
export interface SpentWindow extends CounterWindow {
  max: number;
}

/**
 * Spends `weight` hits in every window, or none when any would go over its max: a request that
 * stands for many actions (a batch, a bulk lookup) pays its whole weight or nothing. The rows
 * are locked in the order given, so two spenders of the same keys wait for each other instead
 * of both seeing room that only one has.
 */
export async function spendRateLimitHits(
  db: Kysely<DB>,
  windows: readonly WindowBudget[],
  weight: number,
): Promise<{ spent: boolean; windows: SpentWindow[] }> {
  return db.transaction().execute(async (trx) => {
    const current: SpentWindow[] = [];
    for (const { key, max, windowMs } of windows) {
      // Creates the window, or starts a new one when it has ended, and locks its row.
      const result = await sql<{ hits: number; ttl: number }>`
        INSERT INTO rate_limit_counters (key, hits, reset_at)
        VALUES (${key}, 0, now() + ${windowMs} * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limit_counters.reset_at <= now() THEN 0 ELSE rate_limit_counters.hits END,
          reset_at = CASE WHEN rate_limit_counters.reset_at <= now() THEN excluded.reset_at ELSE rate_limit_counters.reset_at END
        RETURNING hits, ceil(extract(epoch FROM (reset_at - now())) * 1000)::float8 AS ttl`.execute(trx);
      const row = result.rows[0];
      current.push({ hits: Number(row.hits), ttlMs: Math.max(0, Number(row.ttl)), max });
    }
    if (current.some((w) => w.hits + weight > w.max)) return { spent: false, windows: current };
    for (const { key } of windows) {
      await sql`UPDATE rate_limit_counters SET hits = hits + ${weight} WHERE key = ${key}`.execute(trx);
    }
    return { spent: true, windows: current.map((w) => ({ ...w, hits: w.hits + weight })) };
  });
}

/** Gives back `weight` hits of a live window (the works of a batch that were not registered). */
export async function refundRateLimitHits(db: Kysely<DB>, key: string, weight: number): Promise<CounterWindow | null> {
  const result = await sql<{ hits: number; ttl: number }>`
    UPDATE rate_limit_counters SET hits = greatest(hits - ${weight}, 0)
    WHERE key = ${key} AND reset_at > now()
    RETURNING hits, ceil(extract(epoch FROM (reset_at - now())) * 1000)::float8 AS ttl`.execute(db);
  const row = result.rows[0];
  return row ? { hits: Number(row.hits), ttlMs: Math.max(0, Number(row.ttl)) } : null;
}
