// GET /api/events: server-sent events for the home page, which refetches its featured list when
// a public work is registered (SPEC §6 "Realtime").
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { errorBody } from '../http/errors';
import { createSseHub } from './sse-hub';

export async function realtimeRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const hub = createSseHub({
    database: deps.database,
    db: deps.db,
    onError: (err) => app.log.error({ err }, 'could not forward a realtime event'),
  });
  // Open streams would keep the HTTP server from closing: end them first, then stop listening.
  app.addHook('preClose', async () => hub.disconnectAll());
  app.addHook('onClose', async () => hub.close());

  app.get('/api/events', async (request, reply) => {
    if (hub.isFull()) {
      return reply.status(503).header('Retry-After', '30').send(errorBody('unavailable', 'Too many live connections. Please try again later.'));
    }
    // LISTEN starts with the first client; later clients share it.
    await hub.start();
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
    hub.addClient(reply.raw);
  });
}
