// Weighted rate limits: a request that stands for many actions (a batch of registrations, a bulk
// lookup of thousands of hashes) spends one hit per action, and a refused one spends nothing.
// The plugin (rate-limit.ts) counts one hit per request before the body is read, so such routes
// declare `weightedRateLimit` instead and spend here once their body is validated, with the same
// counters, keys and RateLimit-* headers, and the same 429 with Retry-After when it does not fit.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { appError } from '../../core/app-error';
import type { MessagePair } from '../../core/messages';
import type { DB } from '../db/types';
import { rateLimitKey, WINDOW_MS } from './rate-limit';
import { refundRateLimitHits, spendRateLimitHits, type SpentWindow } from './rate-limit-repository';

export interface WeightedBudget {
  /** The family whose counter is spent: the same name as rateLimitConfig's shares its budget. */
  family: string;
  max: number;
  window: keyof typeof WINDOW_MS;
}

export interface WeightedRateLimit {
  budgets: readonly WeightedBudget[];
  /** What a refused request is told (its Retry-After says when). */
  refusal: MessagePair;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route spends its own weight from these budgets (spendWeightedRateLimit), not one hit per request. */
    weightedRateLimit?: WeightedRateLimit;
  }
}

const seconds = (ms: number) => String(Math.max(1, Math.ceil(ms / 1000)));

/** The window with the least room left is the one the RateLimit-* headers describe. */
function rateLimitHeaders(windows: readonly SpentWindow[]): Record<string, string> {
  const tightest = windows.reduce((a, b) => (b.max - b.hits < a.max - a.hits ? b : a));
  return {
    'ratelimit-limit': String(tightest.max),
    'ratelimit-remaining': String(Math.max(0, tightest.max - tightest.hits)),
    'ratelimit-reset': seconds(tightest.ttlMs),
  };
}

/**
 * Spends `weight` hits from every budget of `limit` for this client, or throws 429 with
 * Retry-After (when the fullest window that refused ends) and spends nothing. Sets exact
 * RateLimit-* headers either way.
 */
export async function spendWeightedRateLimit(
  db: Kysely<DB>,
  request: FastifyRequest,
  reply: FastifyReply,
  limit: WeightedRateLimit,
  weight: number,
): Promise<void> {
  const windows = limit.budgets.map((b) => ({ key: rateLimitKey(request, b.family), max: b.max, windowMs: WINDOW_MS[b.window] }));
  const result = await spendRateLimitHits(db, windows, weight);
  if (result.spent) {
    reply.headers(rateLimitHeaders(result.windows));
    return;
  }
  const refusing = result.windows.filter((w) => w.hits + weight > w.max);
  const retryAfter = seconds(Math.max(...refusing.map((w) => w.ttlMs)));
  throw appError('rate_limited', limit.refusal.description, {
    title: limit.refusal.title,
    headers: { ...rateLimitHeaders(result.windows), 'retry-after': retryAfter },
  });
}

/**
 * Gives back `weight` hits of `family` (actions of a request that did not happen), and sets the
 * RateLimit-Remaining the client sees to what is left after it.
 */
export async function refundWeightedRateLimit(
  db: Kysely<DB>,
  request: FastifyRequest,
  reply: FastifyReply,
  budget: WeightedBudget,
  weight: number,
): Promise<void> {
  if (weight <= 0) return;
  const window = await refundRateLimitHits(db, rateLimitKey(request, budget.family), weight);
  if (window) reply.headers(rateLimitHeaders([{ ...window, max: budget.max }]));
}
