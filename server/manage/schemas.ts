// Route schemas of the manage feature (issue 18): ask for a link, open it, list and change the
// works registered with the address.
import { z } from 'zod';
import { CO_AUTHOR_INVITES, LIMITS, MANAGE } from '../../core/constants';
import { EMAIL_PATTERN, err } from '../../core/schemas';
import {
  manageLinkRequestSchema,
  manageMessageSchema,
  managedWorkSchema,
  manageWatchSchema,
  managedWorksSchema,
  manageSessionRequestSchema,
  manageWithdrawSchema,
  manageWorkChangeSchema,
} from '../../core/api/manage';
import { domainProofRequestSchema, domainProofsSchema } from '../../core/api/domain-proofs';
import { binaryResponse, errorResponses, jsonResponse } from '../http/api-schemas';

const tags = ['Manage'];
const bodyErrors = [
  'validation_failed',
  'bad_request',
  'forbidden_characters',
  'invalid_value',
  'body_too_large',
  'unsupported_media_type',
] as const;
const workParams = z.object({ id: z.guid().describe('Submission UUID.') });

export const requestLinkRouteSchema = {
  tags,
  summary: 'E-mail a link to manage the works of an address',
  description:
    'When works are registered with the address, a single-use link is sent to it. The answer is the same, and as fast, ' +
    'whether or not they are (the address is looked up after answering), so it tells nobody which addresses are ' +
    `registered. At most ${MANAGE.linksPerAddressPerHour} links to one address an hour. Rate limited per client address: ` +
    `${MANAGE.requestsPerHour} requests an hour.`,
  body: manageLinkRequestSchema,
  response: {
    202: jsonResponse(manageMessageSchema, 'Accepted: a link was sent if the address has works.'),
    ...errorResponses(...bodyErrors, 'rate_limited', 'unavailable'),
  },
};

export const openSessionRouteSchema = {
  tags,
  summary: 'Open an e-mailed link',
  description:
    "Exchanges the link's token, once, for a short session cookie on /api/manage, and answers the address's works. " +
    'An unknown, used or expired link is refused with a message saying which. Rate limited per client address: ' +
    `${MANAGE.opensPerHour} an hour, a budget apart from asking for links.`,
  body: manageSessionRequestSchema,
  response: {
    200: jsonResponse(managedWorksSchema, "The address's works."),
    ...errorResponses(...bodyErrors, 'invalid_token', 'csrf', 'rate_limited', 'unavailable'),
  },
};

export const endSessionRouteSchema = {
  tags,
  summary: 'End the manage session',
  response: { 204: z.null().describe('Signed out.'), ...errorResponses('csrf', 'unavailable') },
};

export const listWorksRouteSchema = {
  tags,
  summary: 'The works of the signed-in address',
  response: { 200: jsonResponse(managedWorksSchema, 'Newest first.'), ...errorResponses('unauthorized', 'unavailable') },
};

export const changeWorkRouteSchema = {
  tags,
  summary: 'Change a work',
  description:
    'Replace its resources, change the visibility of its prompt or of the work. The trust score is recomputed; the ' +
    "change is audited, logged as an 'updated' leaf and shown in the work's public history.",
  params: workParams,
  body: manageWorkChangeSchema,
  response: {
    200: jsonResponse(managedWorkSchema, 'The work after the change.'),
    ...errorResponses(...bodyErrors, 'invalid_parameter', 'unauthorized', 'csrf', 'not_found', 'rate_limited', 'unavailable'),
  },
};

export const withdrawWorkRouteSchema = {
  tags,
  summary: 'Withdraw a work',
  description: 'Takes the work off the ledger (a soft delete with the reason given), logged like a removal.',
  params: workParams,
  body: manageWithdrawSchema,
  response: {
    200: jsonResponse(managedWorkSchema, 'The work, withdrawn.'),
    ...errorResponses(
      ...bodyErrors,
      'invalid_parameter',
      'unauthorized',
      'csrf',
      'not_found',
      'conflict',
      'rate_limited',
      'unavailable',
    ),
  },
};

export const checkLinksRouteSchema = {
  tags,
  summary: "Check a work's links again",
  description:
    'Queues a new check of every link of the work: each page is fetched in the background and proven when it links back to the ' +
    'artist\'s page or the work\'s proof page here (rel="me", or the proof address or registry ID in its text). The answer is the work ' +
    'as it stands; its links show the new states once the check ends.',
  params: workParams,
  response: {
    202: jsonResponse(managedWorkSchema, 'The check is queued; the work as it stands.'),
    ...errorResponses('invalid_parameter', 'unauthorized', 'csrf', 'not_found', 'rate_limited', 'unavailable'),
  },
};

export const watchWorkRouteSchema = {
  tags,
  summary: 'Start or stop e-mail alerts about copies of a work',
  description:
    'The signed-in address gets an e-mail when a later public registration is the same file, a visually near-identical image, ' +
    "or another artist claiming one of the work's profile links. No confirmation e-mail: the session already proved the address.",
  params: workParams,
  body: manageWatchSchema,
  response: {
    200: jsonResponse(managedWorkSchema, 'The work, with its watch.'),
    ...errorResponses(...bodyErrors, 'invalid_parameter', 'unauthorized', 'csrf', 'not_found', 'rate_limited', 'unavailable'),
  },
};

export const bundlesZipRouteSchema = {
  tags,
  summary: 'Download the proof bundles of all public works of the address',
  description:
    "One zip holding each public work's bundle.zip (as GET /api/submissions/{id}/bundle.zip gives it). Private and " +
    'withdrawn works have no public proof and are left out.',
  response: {
    200: binaryResponse('A zip of bundle zips.', 'application/zip'),
    ...errorResponses('unauthorized', 'rate_limited', 'unavailable'),
  },
};

// ---- Issue 33: domain proofs (decision 0062) ----
const sessionErrors = ['invalid_parameter', 'unauthorized', 'csrf', 'not_found', 'rate_limited', 'unavailable'] as const;

export const listDomainProofsRouteSchema = {
  tags,
  summary: "The domains of a work's identity",
  description:
    "The domains the signed-in address proves for the work's artist name, each with its state and what to set to prove it: " +
    'a TXT record or a file holding the token of this identity.',
  params: workParams,
  response: {
    200: jsonResponse(domainProofsSchema, "The identity's domains."),
    ...errorResponses(...sessionErrors),
  },
};

export const proveDomainRouteSchema = {
  tags,
  summary: 'Prove a domain',
  description:
    "Starts proving a domain for the work's artist name and this address (or finds the proof already started) and queues its " +
    'check: the domain is proven once its TXT record or its /.well-known/ file holds the token the answer shows.',
  params: workParams,
  body: domainProofRequestSchema,
  response: {
    202: jsonResponse(domainProofsSchema, "The check is queued; the identity's domains as they stand."),
    ...errorResponses(...bodyErrors, ...sessionErrors, 'conflict'),
  },
};

export const checkDomainsRouteSchema = {
  tags,
  summary: "Check a work's domains again",
  description: "Queues a new check of each domain of the work's identity; the answer is the domains as they stand.",
  params: workParams,
  response: {
    202: jsonResponse(domainProofsSchema, "The checks are queued; the identity's domains as they stand."),
    ...errorResponses(...sessionErrors),
  },
};

// ---- Co-authors confirm by e-mail (issue 33, decision 0064) ----
export const inviteCoAuthorRouteSchema = {
  tags,
  summary: 'Ask a credited co-author to confirm by e-mail, or send them a new link',
  description:
    'Sends the co-author a link to confirm (or decline) that they made the work; a new link replaces the old one. The address is ' +
    'private: it is never shown publicly. A co-author who answered is not asked again, and one address gets at most ' +
    `${CO_AUTHOR_INVITES.perAddressPerHour} invitations an hour. The answer is the work as it stands.`,
  params: workParams,
  body: z.object({
    name: z
      .string(err('coAuthorNotCredited'))
      .trim()
      .min(1, err('coAuthorNotCredited'))
      .max(LIMITS.coAuthorName, err('coAuthorNotCredited'))
      .describe('A name the work credits as co-author.'),
    // The manage page shows these words under the address field (core/messages.ts).
    email: z
      .string(err('coAuthorEmailInvalid'))
      .trim()
      .max(LIMITS.email, err('coAuthorEmailInvalid'))
      .regex(EMAIL_PATTERN, err('coAuthorEmailInvalid'))
      .describe("The co-author's e-mail address."),
  }),
  response: {
    200: jsonResponse(managedWorkSchema, 'The invitation is queued; the work as it stands.'),
    ...errorResponses(
      'validation_failed',
      'invalid_value',
      'invalid_email',
      'unauthorized',
      'csrf',
      'not_found',
      'conflict',
      'too_many_attempts',
      'rate_limited',
      'unavailable',
    ),
  },
};
