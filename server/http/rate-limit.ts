// Rate limits (DECISIONS #16): standard RateLimit-* headers, 429 + Retry-After, counters kept in
// the database so every server process behind a load balancer shares them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { errorBody } from './errors';

type IncrCallback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** A fixed-window counter store for @fastify/rate-limit backed by the rate_limit_counters table. */
function databaseStore(db: Kysely<DB>) {
  return class DatabaseRateLimitStore {
    incr(key: string, cb: IncrCallback, timeWindow: number): void {
      sql<{ hits: number; ttl: number }>`
        INSERT INTO rate_limit_counters (key, hits, reset_at)
        VALUES (${key}, 1, now() + ${timeWindow} * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limit_counters.reset_at <= now() THEN 1 ELSE rate_limit_counters.hits + 1 END,
          reset_at = CASE WHEN rate_limit_counters.reset_at <= now() THEN excluded.reset_at ELSE rate_limit_counters.reset_at END
        RETURNING hits, ceil(extract(epoch FROM (reset_at - now())) * 1000)::float8 AS ttl`
        .execute(db)
        .then((r) => cb(null, { current: Number(r.rows[0].hits), ttl: Math.max(0, Number(r.rows[0].ttl)) }))
        .catch((err: Error) => cb(err));
    }
    child() {
      return this;
    }
  };
}

export async function installRateLimit(app: FastifyInstance, db: Kysely<DB>): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    enableDraftSpec: true,
    store: databaseStore(db),
    errorResponseBuilder: (_req, context) => {
      const err = Object.assign(new Error(`Too many requests. Please try again in ${context.after}.`), {
        statusCode: context.statusCode,
        body: errorBody('rate_limited', `Too many requests. Please try again in ${context.after}.`),
      });
      return err;
    },
  });
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * Route-level rate-limit config. `name` separates the budgets of different actions from one IP.
 * Returns false (no limit) when limits are disabled by configuration.
 */
export function rateLimitConfig(name: string, max: number, window: 'hour' | 'day', disabled: boolean) {
  if (disabled) return false as const;
  return {
    max,
    timeWindow: window === 'hour' ? HOUR : DAY,
    keyGenerator: (req: FastifyRequest) => `${name}:${req.ip}`,
  };
}

export async function deleteExpiredRateLimitCounters(db: Kysely<DB>): Promise<void> {
  await sql`DELETE FROM rate_limit_counters WHERE reset_at < now()`.execute(db);
}
