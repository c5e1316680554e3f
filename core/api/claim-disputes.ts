// Name-claim disputes (issue 33, decision 0063): the public form's body and answer, and the admin
// shapes. The admin ones carry both e-mail addresses, so they are never reused for a public route.
import { z } from 'zod';
import { adminReasonSchema } from '../admin-reason';
import { CLAIM_DISPUTE, CLAIM_DISPUTE_ADMIN_STATUSES, CLAIM_DISPUTE_DECISIONS, CLAIM_DISPUTE_OUTCOMES, LIMITS } from '../constants';
import { EMAIL_PATTERN, err, linkField } from '../schemas';

const isoDate = (description: string) => z.string().describe(`${description}, ISO 8601 UTC.`);

/** POST /api/artists/{name}/disputes: every field checked, blank ones first ('Missing Information'). */
export const claimDisputeBodySchema = z.object({
  email: z
    .string(err('claimDisputeMissingInfo'))
    .trim()
    .min(1, err('claimDisputeMissingInfo'))
    .max(LIMITS.email, err('claimDisputeEmailTooLong'))
    .regex(EMAIL_PATTERN, err('claimDisputeInvalidEmail'))
    .describe('Where the confirmation link and the decision are sent. Never shown publicly.'),
  links: z
    .array(linkField('claimDisputeLinkInvalid', false), err('claimDisputeMissingInfo'))
    .min(1, err('claimDisputeMissingInfo'))
    .max(CLAIM_DISPUTE.maxLinks, err('claimDisputeTooManyLinks'))
    .describe('Pages that prove who the disputer is.'),
  explanation: z
    .string(err('claimDisputeMissingInfo'))
    .trim()
    .min(1, err('claimDisputeMissingInfo'))
    .max(CLAIM_DISPUTE.explanationMax, err('claimDisputeExplanationTooLong'))
    .describe('Why the name is the disputer’s, or why its claimant is an impersonator.'),
});
export type ClaimDisputeBody = z.output<typeof claimDisputeBodySchema>;

export const claimDisputeFiledSchema = z
  .object({ message: z.string() })
  .describe('The same answer whether or not an e-mail goes out: the dispute waits for its address to confirm it.');
export type ClaimDisputeFiled = z.infer<typeof claimDisputeFiledSchema>;

export const claimDisputeConfirmBodySchema = z.object({ token: z.string().max(200).describe('The token from the e-mailed link.') });
export const claimDisputeConfirmedSchema = z
  .object({ message: z.string() })
  .describe('Confirmed: the dispute is in the admins’ queue.');

// ---------------------------------------------------------------------------------------------
// Admin side

export const adminClaimDisputeSchema = z
  .object({
    id: z.guid(),
    artist_name: z.string(),
    claimant_email: z.string().describe("The claim's address when the dispute was filed."),
    disputer_email: z.string(),
    proof_links: z.array(z.string()),
    explanation: z.string(),
    request_ip: z.string().nullable(),
    status: z.enum(CLAIM_DISPUTE_ADMIN_STATUSES),
    outcome: z.enum(CLAIM_DISPUTE_OUTCOMES).nullable().describe('What upholding did; null unless upheld.'),
    disputer_has_proof: z
      .boolean()
      .describe(
        'Whether the disputer\'s confirmed address has proven a rel="me" link under the name now: upholding then hands the name to it.',
      ),
    admin_notes: z.string().nullable(),
    processed_by: z.string().nullable(),
    processed_at: isoDate('When it was decided').nullable(),
    confirmed_at: isoDate('When its address confirmed it'),
    created_at: isoDate('When it was filed'),
  })
  .meta({ id: 'AdminClaimDispute', description: 'A dispute of a claimed artist name, as admins see it.' });
export type AdminClaimDispute = z.infer<typeof adminClaimDisputeSchema>;

export const claimDisputeCountsSchema = z
  .object({ all: z.number().int(), pending: z.number().int(), upheld: z.number().int(), rejected: z.number().int() })
  .meta({ id: 'ClaimDisputeCounts', description: 'Confirmed claim disputes per status.' });
export type ClaimDisputeCounts = z.infer<typeof claimDisputeCountsSchema>;

export const adminClaimDisputesResponseSchema = z
  .object({
    items: z.array(adminClaimDisputeSchema),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    counts: claimDisputeCountsSchema,
  })
  .describe('One page of confirmed claim disputes, newest first, and the counts per status.');
export type AdminClaimDisputesResponse = z.infer<typeof adminClaimDisputesResponseSchema>;

export const claimDisputeDecisionBodySchema = z.object({
  decision: z.enum(CLAIM_DISPUTE_DECISIONS, err('claimDisputeDecisionInvalid')),
  admin_notes: adminReasonSchema('decision'),
});
export type ClaimDisputeDecisionBody = z.output<typeof claimDisputeDecisionBodySchema>;

export const claimDisputeDecisionResponseSchema = z
  .object({ dispute: adminClaimDisputeSchema })
  .describe('The decided dispute; upholding has released or transferred the claim.');
export type ClaimDisputeDecisionResponse = z.infer<typeof claimDisputeDecisionResponseSchema>;
