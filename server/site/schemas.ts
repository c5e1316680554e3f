// Route schemas of the site feature: health and the site's public facts.
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

export const siteSchema = {
  tags: ['Site'],
  summary: "The site's name, address and contacts",
  response: {
    200: z
      .object({ site_name: z.string(), site_url: z.string(), support_email: z.string(), sponsor_url: z.string().nullable() })
      .describe('Facts the web app shows.'),
  },
};
