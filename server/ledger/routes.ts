// HTTP routes of the ledger feature: the app's read endpoints, the public read API with its
// bulk dump and Croissant description, and the OpenAPI document.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { appReadRoutes } from './app-read-routes';
import { publicApiRoutes } from './public-api-routes';
import { buildOpenApiDocument } from './openapi';

export async function ledgerRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await appReadRoutes(app, deps);
  await publicApiRoutes(app, deps);
  // Built once: it depends only on the schemas and the site URL.
  const openApi = JSON.stringify(buildOpenApiDocument({ siteUrl: deps.config.siteUrl }));
  app.get('/api/openapi.json', async (_request, reply) => reply.type('application/json; charset=utf-8').send(openApi));
}
