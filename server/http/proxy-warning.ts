// Behind a load balancer without TRUST_PROXY, every visitor has the balancer's address: they all
// share one rate-limit budget and one login throttle. Say so once in the server log (not per
// request) when requests arrive with X-Forwarded-For while proxy headers are not trusted.
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';

export const UNTRUSTED_PROXY_WARNING =
  'Requests carry X-Forwarded-For but TRUST_PROXY is unset: every client behind the proxy is counted as the ' +
  "proxy's address, so they share one rate-limit budget. Set TRUST_PROXY to the proxy's address (or a hop count).";

export function installProxyWarning(app: FastifyInstance, trustProxy: AppConfig['trustProxy']): void {
  if (trustProxy !== false) return;
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    app.log.warn(UNTRUSTED_PROXY_WARNING);
  });
}
