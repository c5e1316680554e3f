// The manage page's domain-proof routes (issue 33, decision 0062), registered inside the manage
// scope: its session, its same-site check and its budget of changes apply.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps';
import type { DomainChecks } from '../link-proofs/domain-checks';
import { checkDomainsAgain, listDomainProofs, proveDomain } from './domain-proofs';
import { checkDomainsRouteSchema, listDomainProofsRouteSchema, proveDomainRouteSchema } from './schemas';

export function domainProofRoutes(
  scope: FastifyInstance,
  deps: AppDeps,
  checks: DomainChecks,
  signedIn: (request: FastifyRequest) => Promise<string>,
  routeConfig: object,
): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/manage/works/:id/domains', { schema: listDomainProofsRouteSchema, config: routeConfig }, async (request) =>
    listDomainProofs(deps, await signedIn(request), request.params.id),
  );
  app.post('/api/manage/works/:id/domains', { schema: proveDomainRouteSchema, config: routeConfig }, async (request, reply) =>
    reply.code(202).send(await proveDomain(deps, checks, await signedIn(request), request.params.id, request.body.domain)),
  );
  app.post('/api/manage/works/:id/domains/check', { schema: checkDomainsRouteSchema, config: routeConfig }, async (request, reply) =>
    reply.code(202).send(await checkDomainsAgain(deps, checks, await signedIn(request), request.params.id)),
  );
}
