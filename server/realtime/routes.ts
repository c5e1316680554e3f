// GET /api/events: server-sent events for the home page, which refetches its featured list when
// a public work is registered (docs/product.md §7 "Realtime").
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appError } from '../../core/app-error';
import { API_ERRORS } from '../../core/api-error-texts';
import { EVENTS_PATH } from '../../core/api-types';
import { MESSAGES } from '../../core/messages';
import type { FeatureOptions } from '../deps';
import { SSE_LIMITS } from '../../core/constants';
import { eventsSchema } from './schemas';
import { createSseHub } from './sse-hub';

export async function realtimeRoutes(fastify: FastifyInstance, { deps }: FeatureOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const hub = createSseHub({
    database: deps.database,
    db: deps.db,
    maxPerAddress: deps.config.sseMaxPerIp,
    onError: (err) => app.log.error({ err }, 'could not forward a realtime event'),
  });
  // Open streams would keep the HTTP server from closing: end them first, then stop listening.
  app.addHook('preClose', async () => hub.disconnectAll());
  app.addHook('onClose', async () => hub.close());

  app.get(EVENTS_PATH, { schema: eventsSchema }, async (request, reply) => {
    // request.ip honours TRUST_PROXY: behind a proxy that is not trusted, every client shares
    // the proxy's address (and its share of streams).
    const admission = hub.admit(request.ip);
    if (!admission.admitted) {
      const headers = { 'Retry-After': String(SSE_LIMITS.retryAfterSeconds) };
      // One client holding its share gets 429 (its own doing); a full server is 503 for everyone.
      if (admission.reason === 'address_full') {
        const { title, description } = MESSAGES.tooManyLiveConnections;
        throw appError('too_many_connections', description, { title, headers });
      }
      throw appError('unavailable', API_ERRORS.liveConnectionsFull, { headers });
    }
    const { slot } = admission;
    try {
      // LISTEN starts with the first client; later clients share it.
      await hub.start();
    } catch (err) {
      slot.release();
      throw err;
    }
    reply.hijack();
    reply.raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // Tells nginx-style proxies not to buffer the stream.
      'X-Accel-Buffering': 'no',
      'X-Content-Type-Options': 'nosniff',
    });
    request.log.debug('event stream opened');
    slot.attach(reply.raw);
  });
}
