// HTTP routes of the site feature: GET /api/health, GET /api/ready, GET /api/site and GET /api/openapi.json.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SITE_NAME } from '../../core/site';
import { pingDatabase } from '../db/health-repository';
import type { FeatureOptions } from '../deps';
import { openApiRoute } from '../http/openapi';
import { readiness } from './readiness';
import { healthSchema, readySchema, siteSchema } from './schemas';

export async function siteRoutes(fastify: FastifyInstance, { deps }: FeatureOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = deps;

  app.get('/api/health', { schema: healthSchema }, async () => {
    await pingDatabase(deps.db);
    return { status: 'ok' as const, database: deps.database.kind };
  });

  app.get('/api/ready', { schema: readySchema }, async (request, reply) => {
    const { ready, draining, database, store, reasons } = await readiness(deps, request.log);
    reply.header('cache-control', 'no-store');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', draining, database, store, reasons });
  });

  app.get('/api/site', { schema: siteSchema }, async () => ({
    site_name: SITE_NAME,
    site_url: config.siteUrl,
    support_email: config.supportEmail,
    sponsor_url: config.sponsorUrl,
    log_witnesses: config.tlogWitnessing.witnesses.length,
    log_witness_quorum: config.tlogWitnessing.quorum,
  }));

  openApiRoute(fastify);
}
