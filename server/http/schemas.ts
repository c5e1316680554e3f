// Route schemas of the routes installed here rather than by a feature: public images
// (GET /artworks/*) and the web app's pages (GET / and GET /*, the catch-all).
import { z } from 'zod';
import { binaryResponse, errorBodySchema, errorResponses, textResponse } from './api-schemas';

export const artworkSchema = {
  tags: ['Site'],
  summary: 'A public image of the artworks store (the 360 px derivative a work or a fresh upload shows)',
  description:
    'Served while its work is public and not deleted (cached for a year: the key never changes), or while it is a fresh upload awaiting submission (private, no-store). Anything else is 404.',
  params: z.object({ '*': z.string().describe("The object key, as in a work's image_url after /artworks/.") }),
  response: {
    200: binaryResponse('The image.', 'image/jpeg'),
    ...errorResponses('not_found', 'rate_limited', 'unavailable'),
  },
};

const pageResponses = {
  200: textResponse("The web app's page, with the page's title and crawler tags in its head.", 'text/html'),
  404: {
    description: "No such page: the app's not-found page (text/html). Under /api/, a path no endpoint has: Error 'not_found' (JSON).",
    content: { 'text/html': { schema: z.string() }, 'application/json': { schema: errorBodySchema } },
  },
  ...errorResponses('rate_limited', 'unavailable'),
};

export const homePageSchema = {
  tags: ['Site'],
  summary: 'The home page of the web app',
  response: pageResponses,
};

export const pageSchema = {
  tags: ['Site'],
  summary: 'Any other page of the web app: ledger, proof pages, artist pages, static pages',
  description:
    'Every path that is not an endpoint answers the single-page app. Known pages answer 200 (proof and artist pages with their own title, description and JSON-LD for crawlers); a proof page of no public work and any unknown path answer 404 with the not-found page.',
  params: z.object({ '*': z.string().describe('The page path after the first slash.') }),
  response: pageResponses,
};
