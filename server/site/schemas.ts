// Route schemas of the site feature: health, readiness and the site's public facts.
import { z } from 'zod';
import { errorResponses } from '../http/api-schemas';

export const healthSchema = {
  tags: ['Site'],
  summary: 'Liveness and database reachability',
  response: {
    200: z
      .object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })
      .describe('The server and its database answer.'),
    ...errorResponses('unavailable'),
  },
};

const readinessBody = z.object({
  status: z.enum(['ready', 'not_ready']),
  draining: z.boolean().describe('The process is shutting down.'),
  database: z.enum(['ok', 'unreachable']),
  store: z.enum(['ok', 'unreachable']).describe('The image store.'),
  reasons: z.array(z.string()).describe('One sentence per reason the process is not ready; empty when ready.'),
});

export const readySchema = {
  tags: ['Site'],
  summary: 'Readiness for a load balancer: database and image store reachable, not shutting down',
  response: {
    200: readinessBody.describe('Send this process requests.'),
    503: readinessBody.describe('Send this process no new requests (see reasons).'),
  },
};

export const siteSchema = {
  tags: ['Site'],
  summary: "The site's name, address and contacts",
  response: {
    200: z
      .object({
        site_name: z.string(),
        site_url: z.string(),
        support_email: z.string(),
        sponsor_url: z.string().nullable(),
        log_witnesses: z.number().int().describe("Witnesses configured to cosign the log's checkpoints; 0 when none."),
        log_witness_quorum: z.number().int().describe('How many witnesses must cosign a checkpoint before proofs use it.'),
      })
      .describe('Facts the web app shows.'),
  },
};
