// GET /metrics: this process's metrics for the operator's Prometheus, behind a bearer token
// (decision 0067). Off (404) until METRICS_TOKEN is set, so a default install shows nothing.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appError } from '../../core/app-error';
import { MESSAGES } from '../../core/messages';
import type { AppDeps } from '../deps';
import { rateLimitConfig } from '../http/rate-limit';
import type { Metrics } from './instruments';
import { METRICS_CONTENT_TYPE, metricsSchema } from './schemas';
import { readScrapeGauges, type ScrapeSources } from './scrape-gauges';

/** A scrape every 15 s needs 4 a minute; the rest is room for a second Prometheus and a person. */
export const METRICS_SCRAPES_PER_MINUTE = 60;

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/** Compared as digests, in constant time: the answer's time tells nothing of the token. */
function isToken(given: string, token: string): boolean {
  return crypto.timingSafeEqual(digest(given), digest(token));
}

function refusal(pair: { title: string; description: string }) {
  return appError('unauthorized', pair.description, { title: pair.title, headers: { 'www-authenticate': 'Bearer realm="metrics"' } });
}

export async function metricsRoutes(fastify: FastifyInstance, deps: AppDeps, metrics: Metrics, sources: ScrapeSources): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const token = deps.config.metricsToken;
  // Counted in this process's memory, like reads: a scrape never costs a database write.
  const rateLimit = rateLimitConfig('metrics', METRICS_SCRAPES_PER_MINUTE, 'minute', deps.config.rateLimit.disabled, {
    perProcess: true,
  });
  app.get('/metrics', { schema: metricsSchema, config: { rateLimit } }, async (request, reply) => {
    if (!token) throw appError('not_found', MESSAGES.metricsOff.description, { title: MESSAGES.metricsOff.title });
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match) throw refusal(MESSAGES.metricsTokenMissing);
    if (!isToken(match[1], token)) throw refusal(MESSAGES.metricsTokenWrong);
    await readScrapeGauges(metrics, sources);
    reply.header('cache-control', 'no-store').type(METRICS_CONTENT_TYPE);
    return metrics.registry.metrics();
  });
}
