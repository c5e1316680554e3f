// Every route the app serves, as registered: lets tests (and later the API description) walk
// the whole HTTP surface instead of a hand-kept list that drifts.
import type { FastifyInstance, FastifySchema } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
  /** The route's declared schema (params, querystring, body, response…), if any. */
  schema: FastifySchema | undefined;
  /** The route's rate limit as finally configured (read late: plugins may set it after this hook). */
  readonly rateLimit: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

/** Call before any route is registered; `app.routeTable` then fills as plugins add routes. */
export function installRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      table.push({
        method,
        url: route.url,
        schema: route.schema,
        get rateLimit() {
          // A weighted limit (weighted-rate-limit.ts) is spent by the route itself, past the plugin.
          const config = route.config as { rateLimit?: unknown; weightedRateLimit?: unknown } | undefined;
          return config?.weightedRateLimit ?? config?.rateLimit;
        },
      });
    }
  });
}
