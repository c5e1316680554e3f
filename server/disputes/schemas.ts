// Route schemas of the name-claim disputes feature (decision 0063): filing and confirming a
// dispute (public), listing and deciding them (admin scope: its session and same-origin checks).
import { z } from 'zod';
import {
  adminClaimDisputesResponseSchema,
  claimDisputeBodySchema,
  claimDisputeConfirmBodySchema,
  claimDisputeConfirmedSchema,
  claimDisputeDecisionBodySchema,
  claimDisputeDecisionResponseSchema,
  claimDisputeFiledSchema,
} from '../../core/api/claim-disputes';
import { CLAIM_DISPUTE, CLAIM_DISPUTE_ADMIN_STATUSES, CLAIM_DISPUTE_CONFIRM_PAGE } from '../../core/constants';
import { ADMIN_GET_ERRORS, ADMIN_POST_ERRORS } from '../http/admin-scope-errors';
import { errorResponses, jsonResponse } from '../http/api-schemas';
import { emptyAsUndefined, pageParam, searchParam } from '../http/list-query';

const TAGS = ['Claim disputes'];

export const fileDisputeSchema = {
  tags: TAGS,
  summary: 'Dispute the claim on an artist name (it is mine, or the claimant is an impersonator)',
  description:
    `Sends a confirmation link to the address (${CLAIM_DISPUTE_CONFIRM_PAGE}?token=…); the dispute reaches the admins once it is ` +
    'confirmed there. The e-mail names no artist and quotes nothing from the form. The answer is the same whether or not an ' +
    `e-mail goes out: one open dispute per name and address, at most ${CLAIM_DISPUTE.confirmationsPerAddressPerHour} ` +
    `confirmation e-mails to one address an hour. A name nobody claimed answers 409. Rate limited per client address: ` +
    `${CLAIM_DISPUTE.perDay} a day. Neither address is ever public.`,
  params: z.object({ name: z.string().describe('Artist name, exact (percent-encoded in the path).') }),
  body: claimDisputeBodySchema,
  response: {
    202: jsonResponse(claimDisputeFiledSchema, 'Filed, waiting for the address to confirm it.'),
    ...errorResponses(
      'validation_failed',
      'bad_request',
      'forbidden_characters',
      'invalid_value',
      'conflict',
      'body_too_large',
      'unsupported_media_type',
      'rate_limited',
      'unavailable',
    ),
  },
};

export const confirmDisputeSchema = {
  tags: TAGS,
  summary: 'Confirm a claim dispute with the token from the e-mail (the button of the confirmation page)',
  description: `Puts the dispute in the admins' queue; the token works once. Rate limited per client address: ${CLAIM_DISPUTE.confirmationsPerHour} an hour.`,
  body: claimDisputeConfirmBodySchema,
  response: {
    200: jsonResponse(claimDisputeConfirmedSchema, 'Confirmed.'),
    ...errorResponses('validation_failed', 'invalid_token', 'forbidden_characters', 'rate_limited', 'unavailable'),
  },
};

export const disputeListSchema = {
  tags: ['Admin'],
  summary: 'Claim disputes',
  description: 'Confirmed disputes of claimed artist names, newest first, 25 per page, with the counts per status.',
  querystring: z.object({
    status: emptyAsUndefined(z.enum(CLAIM_DISPUTE_ADMIN_STATUSES)),
    search: searchParam.describe('Case-insensitive "contains" on artist name, either e-mail, explanation.'),
    page: pageParam.describe('1-based page of 25.'),
  }),
  response: {
    200: jsonResponse(adminClaimDisputesResponseSchema, 'One page of claim disputes.'),
    ...errorResponses('invalid_parameter', ...ADMIN_GET_ERRORS),
  },
};

export const disputeDecisionSchema = {
  tags: ['Admin'],
  summary: 'Uphold or reject a claim dispute',
  description:
    "Only a pending dispute can be decided. Upholding releases the claim, or hands the name to the disputer's address when it has " +
    'proven a page with rel="me" under the name; every work under the name is re-scored in the background. The disputer is e-mailed the decision.',
  params: z.object({ id: z.string().describe('Dispute UUID.') }),
  body: claimDisputeDecisionBodySchema,
  response: {
    200: jsonResponse(claimDisputeDecisionResponseSchema, 'Decided.'),
    ...errorResponses('validation_failed', 'not_found', 'already_processed', ...ADMIN_POST_ERRORS),
  },
};
