// Public data that anyone must be able to read, including scripts running in a browser on another
// site (log monitors, embedded badges): these routes answer GET from any origin. Each prefix gets a scope of
// its own, so the CORS headers and preflight route reach only those routes, never the app's API.
import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';

/** Headers a script on another site may read: caching, and the rate-limit budget. */
const EXPOSED_HEADERS = ['ETag', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After'];

export async function openToAnyOrigin(
  app: FastifyInstance,
  prefix: string,
  routes: (scope: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await app.register(
    async (scope) => {
      await scope.register(cors, { origin: '*', methods: ['GET', 'HEAD', 'OPTIONS'], exposedHeaders: EXPOSED_HEADERS, maxAge: 86400 });
      await routes(scope);
    },
    { prefix },
  );
}
