// Rate limits (decision 0016): standard RateLimit-* headers, 429 + Retry-After. Every public route
// belongs to a family with its own budget per client address (IPv6 counted per /64). Families
// that guard costly or state-changing work count in the database, so every server process
// behind a load balancer shares them; the high-volume read family counts in each process's
// memory, so that reading the ledger never costs a database write (README "Rate limits").
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { JobKind } from '../jobs/job-queue';
import { periodicJob } from '../jobs/periodic';
import { appError } from '../../core/app-error';
import { rateLimitedText } from '../../core/api-error-texts';
import { waitText } from '../../core/wait-text';
import type { MessagePair } from '../../core/messages';
import { deleteExpiredRateLimitCounters, incrementRateLimitCounter } from './rate-limit-repository';

type IncrCallback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** The route options the library hands to child(): the merged limit settings of one route. */
type RouteLimitOptions = object & { perProcess?: boolean };

interface CounterStore {
  incr(key: string, cb: IncrCallback, timeWindow: number, max?: number): void;
  child(routeOptions: RouteLimitOptions): CounterStore;
}

/** Fixed-window counters in this process's memory, bounded to the most recent keys. */
class ProcessMemoryStore implements CounterStore {
  private static readonly MAX_KEYS = 50_000;
  private readonly windows = new Map<string, { hits: number; resetAt: number }>();

  incr(key: string, cb: IncrCallback, timeWindow: number): void {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { hits: 0, resetAt: now + timeWindow };
      this.windows.delete(key);
      // Map keeps insertion order: the oldest window goes first when the map is full.
      if (this.windows.size >= ProcessMemoryStore.MAX_KEYS) this.windows.delete(this.windows.keys().next().value!);
      this.windows.set(key, window);
    }
    window.hits += 1;
    cb(null, { current: window.hits, ttl: window.resetAt - now });
  }

  child(): CounterStore {
    return new ProcessMemoryStore();
  }
}

/** A fixed-window counter store for @fastify/rate-limit backed by the rate_limit_counters table. */
function databaseStore(db: Kysely<DB>) {
  return class DatabaseRateLimitStore implements CounterStore {
    incr(key: string, cb: IncrCallback, timeWindow: number): void {
      incrementRateLimitCounter(db, key, timeWindow)
        .then((window) => cb(null, { current: window.hits, ttl: window.ttlMs }))
        .catch((err: Error) => cb(err));
    }
    child(routeOptions: RouteLimitOptions): CounterStore {
      return routeOptions.perProcess ? new ProcessMemoryStore() : this;
    }
  };
}

/**
 * Routes of the read family: pages, the app's reads, crawler files, images, live updates. Each
 * answers from caches or one indexed query, so the budget is generous and counted per process.
 * Routes with a family of their own (public API, log, downloads, writes) set it where declared;
 * /api/health and /api/ready stay unlimited for load balancers, and built static files are not routes here.
 */
export const READ_FAMILY_ROUTES: ReadonlySet<string> = new Set([
  '/',
  '/*',
  '/api/site',
  '/api/ledger',
  '/api/featured',
  '/api/artists/:name',
  '/api/submissions/:id',
  '/api/submissions/verify-email',
  '/api/watch/confirm',
  '/api/watch/unsubscribe',
  '/api/submissions/:id/alerts.atom',
  '/api/events',
  '/api/openapi.json',
  '/artworks/*',
  '/badge/:file',
  '/embed/badge/:id',
  '/oembed',
  // proof.jsonld's vocabulary: a constant document.
  '/ns/proof',
  '/robots.txt',
  '/sitemap.xml',
  '/sitemaps/:file',
  '/api/log/checkpoint',
  '/api/log/key',
  // The log's tiles (C2SP tlog-tiles): cached or at most 256 stored hashes or entries each.
  '/log/checkpoint',
  '/log/tile/*',
  '/log/policy',
  // Consent files: built at most hourly (daily deltas: once a minute) and served from memory.
  '/.well-known/tdmrep.json',
  '/tdm-policy.json',
  '/opt-out/v1/full.csv',
  '/opt-out/v1/delta/:file',
]);

/** Expired shared counters are deleted hourly, by a scheduled job of the queue (decision 0058). */
export function rateLimitCounterCleanupJob(db: Kysely<DB>): JobKind<object> {
  return periodicJob('rate-limit-cleanup', '11 * * * *', async () => {
    await deleteExpiredRateLimitCounters(db);
  });
}

export interface RateLimitSettings {
  disabled: boolean;
  readsPerMinute: number;
}

export async function installRateLimit(app: FastifyInstance, db: Kysely<DB>, settings: RateLimitSettings): Promise<void> {
  // Added before the plugin's own onRoute hook, which then sees the family on each read route.
  const reads = rateLimitConfig('reads', settings.readsPerMinute, 'minute', settings.disabled, { perProcess: true });
  app.addHook('onRoute', (route) => {
    if (!READ_FAMILY_ROUTES.has(route.url) || route.config?.rateLimit !== undefined) return;
    route.config = { ...route.config, rateLimit: reads };
  });
  await app.register(rateLimit, {
    global: false,
    enableDraftSpec: true,
    store: databaseStore(db),
    // Thrown by the plugin; the one error mapper (errors.ts) answers it like every other error.
    errorResponseBuilder: (_req, context) => appError('rate_limited', rateLimitedText(waitText(context.ttl))),
  });
}

export const WINDOW_MS = { minute: 60_000, hour: 60 * 60_000, day: 24 * 60 * 60_000 } as const;

/**
 * Route-level rate-limit config. `name` separates the budgets of different families from one
 * client address; `perProcess` counts in memory instead of the shared database table.
 * Returns false (no limit) when limits are disabled by configuration.
 */
export function rateLimitConfig(
  name: string,
  max: number,
  window: keyof typeof WINDOW_MS,
  disabled: boolean,
  options: { perProcess?: boolean; refusal?: (after: string) => MessagePair } = {},
) {
  if (disabled) return false as const;
  const { refusal } = options;
  // The library's own key (the client address, IPv6 folded to its /64) plus the family name.
  return {
    max,
    timeWindow: WINDOW_MS[window],
    groupId: `:${name}`,
    perProcess: options.perProcess ?? false,
    // A family's own words when it has them (a daily limit says so, and when it ends), else the plugin-wide ones.
    ...(refusal && {
      errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
        const { title, description } = refusal(waitText(context.ttl));
        return appError('rate_limited', description, { title });
      },
    }),
  };
}

/**
 * The counter key the plugin uses for `request` in the family `name` (see rateLimitConfig): the
 * client address, IPv6 folded to its /64 like the plugin's default, plus the family's group id.
 * For routes that spend more than one hit of a family's budget (weighted-rate-limit.ts).
 */
export function rateLimitKey(request: FastifyRequest, name: string): string {
  return `${normalizeIP(request.ip)}:${name}`;
}
