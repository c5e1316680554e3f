// Route schemas of the watch feature: ask to watch a work, confirm, unsubscribe, the alert feed.
import { z } from 'zod';
import { CONFIRM_PAGES, WATCH } from '../../core/constants';
import { errorResponses, jsonResponse, textResponse } from '../http/api-schemas';

const WATCH_TAGS = ['Watch alerts'];

const workParams = z.object({ id: z.string().describe('UUID or registry ID (VW-YYYY-NNNNNN) of a public work.') });
// A repeated token reads as no token: the same 'invalid link' answer.
const tokenQuery = z.object({ token: z.string().optional().catch(undefined).describe('The token from the e-mail.') });

export const watchRequestSchema = {
  tags: WATCH_TAGS,
  summary: 'Ask to be told when a copy of this work is registered',
  description:
    'Sends a confirmation link to the address; alerts start once it is confirmed on the page it opens. The e-mail names only ' +
    'the registry ID and the site. The answer is the same whether or not the address already watches the work or an e-mail ' +
    `goes out: one pending confirmation per work and address (asked again within ${WATCH.pendingConfirmationHours} hours, no new ` +
    `e-mail), and at most ${WATCH.confirmationsPerAddressPerHour} confirmation e-mails to one address an hour. Copies are looked for every ${WATCH.scanSeconds} seconds and e-mailed in the same run ` +
    `(well within ${WATCH.promiseMinutes} minutes): the same file, a visually near-identical image, or another artist claiming ` +
    `one of the work's profile links. Rate limited per address: ${WATCH.requestsPerHour} an hour.`,
  params: workParams,
  body: z.object({ email: z.email().max(254).describe('Where to send the alerts. Never shown publicly.') }),
  response: {
    202: jsonResponse(z.object({ message: z.string() }), 'Asked: a confirmation link is on its way.'),
    ...errorResponses('validation_failed', 'not_found', 'forbidden_characters', 'rate_limited', 'unavailable'),
  },
};

export const watchConfirmPageSchema = {
  tags: WATCH_TAGS,
  summary: 'The confirmation link of older e-mails: opens the confirmation page (confirms nothing)',
  description: `Redirects to ${CONFIRM_PAGES.watch}?token=…, whose button confirms with POST /api/watch/confirm. Mail scanners open links, so a GET never confirms.`,
  querystring: tokenQuery,
  response: {
    303: z.null().describe(`Redirects to the confirmation page, ${CONFIRM_PAGES.watch}?token=….`),
    ...errorResponses('unavailable'),
  },
};

export const watchConfirmSchema = {
  tags: WATCH_TAGS,
  summary: 'Confirm a watch with the token from the e-mail (the button of the confirmation page)',
  description: `Starts the alerts; the token works once. Rate limited per client address: ${WATCH.confirmationsPerHour} an hour.`,
  body: z.object({ token: z.string().max(200).describe('The token from the e-mailed link.') }),
  response: {
    200: jsonResponse(z.object({ id: z.uuid().describe('The watched work.') }), 'Watching.'),
    ...errorResponses('validation_failed', 'invalid_token', 'forbidden_characters', 'rate_limited', 'unavailable'),
  },
};

export const watchUnsubscribePageSchema = {
  tags: WATCH_TAGS,
  summary: 'The unsubscribe link of alert e-mails: a page whose button stops the alerts (opening it stops nothing)',
  querystring: tokenQuery,
  response: {
    200: textResponse('A page with the button that POSTs the token.', 'text/html'),
    400: textResponse('A page saying the link is not valid (no token).', 'text/html'),
    ...errorResponses('unavailable'),
  },
};

export const watchUnsubscribeSchema = {
  tags: WATCH_TAGS,
  summary: "Stop the alerts of one watch (the unsubscribe page's button, or one-click unsubscribe, RFC 8058)",
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
