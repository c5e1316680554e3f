// Route schemas of the watch feature: ask to watch a work, confirm, unsubscribe, the alert feed.
import { z } from 'zod';
import { WATCH } from '../../core/constants';
import { errorBodySchema, errorResponses, jsonResponse, textResponse } from '../http/api-schemas';

const WATCH_TAGS = ['Watch alerts'];

const workParams = z.object({ id: z.string().describe('UUID or registry ID (VW-YYYY-NNNNNN) of a public work.') });
// A repeated token reads as no token: the same 'invalid link' answer.
const tokenQuery = z.object({ token: z.string().optional().catch(undefined).describe('The token from the e-mail.') });

export const watchRequestSchema = {
  tags: WATCH_TAGS,
  summary: 'Ask to be told when a copy of this work is registered',
  description:
    'Sends a confirmation link to the address; alerts start once it is opened. The answer is the same whether or not the ' +
    `address already watches the work. Copies are looked for every ${WATCH.scanSeconds} seconds and e-mailed in the same run ` +
    `(well within ${WATCH.promiseMinutes} minutes): the same file, a visually near-identical image, or another artist claiming ` +
    `one of the work's profile links. Rate limited per address: ${WATCH.requestsPerHour} an hour.`,
  params: workParams,
  body: z.object({ email: z.email().max(254).describe('Where to send the alerts. Never shown publicly.') }),
  response: {
    202: jsonResponse(z.object({ message: z.string() }), 'Asked: a confirmation link is on its way.'),
    ...errorResponses('validation_failed', 'not_found', 'forbidden_characters', 'rate_limited', 'unavailable'),
  },
};

export const watchConfirmSchema = {
  tags: WATCH_TAGS,
  summary: 'Open the watch confirmation link',
  querystring: tokenQuery,
  response: {
    303: z.null().describe('Watching: redirects to /verify/{id}?watch=confirmed.'),
    400: {
      description: "Error: 'invalid_token' (as a page for a browser).",
      content: { 'application/json': { schema: errorBodySchema }, 'text/html': { schema: z.string() } },
    },
    ...errorResponses('unavailable'),
  },
};

export const watchUnsubscribeSchema = {
  tags: WATCH_TAGS,
  summary: 'Stop the alerts of one watch (the link in every alert e-mail; POST for one-click unsubscribe, RFC 8058)',
  querystring: tokenQuery,
  response: {
    200: textResponse('A page saying the alerts stopped (or already had).', 'text/html'),
    ...errorResponses('unavailable'),
  },
};

export const alertFeedSchema = {
  tags: WATCH_TAGS,
  summary: "A public work's alerts as an Atom feed: later registrations that look like copies of it",
  description: `The newest ${WATCH.feedEntries}. Only public works are named; watchers' addresses never appear.`,
  params: workParams,
  response: {
    200: textResponse('The Atom feed.', 'application/atom+xml'),
    ...errorResponses('not_found', 'forbidden_characters', 'unavailable'),
  },
};
