// HTTP routes of the ledger feature: the app's read endpoints, the public read API with its
// bulk dump and Croissant description.
import type { FastifyInstance } from 'fastify';
import type { FeatureOptions } from '../deps';
import { appReadRoutes } from './app-read-routes';
import { publicApiRoutes } from './public-api-routes';

export async function ledgerRoutes(app: FastifyInstance, { deps }: FeatureOptions): Promise<void> {
  await appReadRoutes(app, deps);
  await publicApiRoutes(app, deps);
}
