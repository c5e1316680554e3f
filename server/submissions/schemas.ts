// Route schemas of the submissions feature: upload an image, register a work, open an e-mail
// verification link, read a public work.
import { z } from 'zod';
import { IMAGE_FILE_ERROR_CODES } from '../image/errors';
import { publicWorkSchema, submissionCreatedSchema, uploadResponseSchema } from '../../core/api/submissions';
import { submissionBodySchema } from '../../core/schemas';
import { batchSubmissionBodySchema, batchSubmissionResultSchema } from '../../core/api/batch';
import { BATCH_MAX_WORKS, CO_AUTHOR_INVITES, CONFIRM_PAGES, EMAIL_CONFIRMATIONS_PER_HOUR } from '../../core/constants';
import { errorResponses, jsonResponse } from '../http/api-schemas';

export const uploadSchema = {
  tags: ['Registration'],
  summary: 'Upload an image (JPG, PNG or WebP, at most 10 MB); the server computes its hash and facts',
  description:
    "Send the image as multipart/form-data in a field named 'file'. The upload waits, for a limited time, to become a " +
    'submission: pass upload_id to POST /api/submissions. Rate limited per address and day.',
  consumes: ['multipart/form-data'],
  // The multipart body is streamed, never parsed into request.body (Fastify validates a missing
  // body as null): this documents the form only.
  body: z.object({ file: z.any().describe('The image file.') }).nullish(),
  response: {
    201: uploadResponseSchema.describe('The upload, stored.'),
    ...errorResponses(...IMAGE_FILE_ERROR_CODES, 'rate_limited', 'upload_failed', 'unavailable'),
  },
};

export const submissionSchema = {
  tags: ['Registration'],
  summary: 'Register a work for an uploaded image; the server computes the trust score',
  description:
    'The server decides the score, the registry number and the verification method; fields such as trust_meter sent by ' +
    'the client are ignored. A confirmation link is sent to author_email. Rate limited per address and day.',
  body: submissionBodySchema,
  response: {
    201: submissionCreatedSchema.describe('The work, registered.'),
    ...errorResponses(
      'validation_failed',
      'bad_request',
      'forbidden_characters',
      'upload_incomplete',
      'upload_used',
      'upload_not_stored',
      'upload_files_missing',
      'upload_expired',
      'invalid_value',
      'body_too_large',
      'unsupported_media_type',
      'rate_limited',
      'unavailable',
    ),
  },
};

export const verifyEmailPageSchema = {
  tags: ['Registration'],
  summary: 'The e-mail confirmation link: opens the confirmation page (verifies nothing)',
  description:
    `Redirects to ${CONFIRM_PAGES.email}?token=…, whose button verifies with POST /api/submissions/verify-email. Mail ` +
    'scanners open links, so a GET never verifies.',
  // A repeated token reads as no token: the page then says the link is not valid.
  querystring: z.object({ token: z.string().optional().catch(undefined).describe('The token from the e-mail.') }),
  response: {
    // No body; an empty `content` would break the document's generation.
    303: z.null().describe(`Redirects to the confirmation page, ${CONFIRM_PAGES.email}?token=….`),
    ...errorResponses('unavailable'),
  },
};

export const verifyEmailSchema = {
  tags: ['Registration'],
  summary: "Confirm the author's e-mail address with the token from the e-mail (the button of the confirmation page)",
  description:
    "Marks the author's address verified and re-scores the work (every work of a batch, for a batch's link); the token " +
    `works once. Rate limited per client address: ${EMAIL_CONFIRMATIONS_PER_HOUR} an hour.`,
  body: z.object({ token: z.string().max(200).describe('The token from the e-mailed link.') }),
  response: {
    200: jsonResponse(z.object({ id: z.uuid().describe('The work (the first of a batch).') }), 'Verified.'),
    ...errorResponses('validation_failed', 'invalid_token', 'forbidden_characters', 'rate_limited', 'unavailable'),
  },
};

export const publicWorkRouteSchema = {
  tags: ['Registration'],
  summary: 'The public record of one work',
  params: z.object({ id: z.string().describe('Submission UUID or registry id (VW-YYYY-NNNNNN).') }),
  response: {
    200: publicWorkSchema.describe('The work.'),
    ...errorResponses('not_found', 'forbidden_characters', 'unavailable'),
  },
};

export const batchSubmissionSchema = {
  tags: ['Registration'],
  summary: `Register several works at once (at most ${BATCH_MAX_WORKS}); each is a registration of its own`,
  description:
    'Upload each image first (POST /api/uploads). Send the fields every work shares once in `shared` and one item per work ' +
    'with its upload_id, title and prompt (an item may override any shared field). Each merged item is checked and registered ' +
    'exactly as POST /api/submissions would; one that fails is reported in its result with the same error, and the others ' +
    'are registered, an item with a NUL or a __proto__ key included. Each registered work counts against the daily ' +
    'registration budget; a batch that does not fit is refused whole (429 with Retry-After) and spends nothing. ' +
    'One confirmation e-mail per address confirms all its works.',
  body: batchSubmissionBodySchema,
  response: {
    200: jsonResponse(batchSubmissionResultSchema, 'What became of each work, in the order sent.'),
    ...errorResponses('validation_failed', 'bad_request', 'body_too_large', 'unsupported_media_type', 'rate_limited', 'unavailable'),
  },
};

// ---- Co-authors confirm by e-mail (issue 33, decision 0064) ----
const coAuthorTokenBody = z.object({ token: z.string().max(200).describe('The token from the e-mailed link.') });
const coAuthorAnswerSchema = z.object({
  id: z.uuid().describe('The work.'),
  registry_id: z.string(),
  state: z.enum(['confirmed', 'declined']),
  score_before: z.number().int(),
  score_after: z.number().int().describe('The trust score after the answer (a confirmation re-scores the work).'),
});
const coAuthorRateNote = `Rate limited per client address: ${CO_AUTHOR_INVITES.answersPerHour} an hour.`;

export const coAuthorInvitationSchema = {
  tags: ['Registration'],
  summary: 'What a co-author link asks: the work and the credited name (the confirmation page reads it)',
  description: `Answers only for a valid link (not used, not expired, of a live work). Never carries an address. ${coAuthorRateNote}`,
  body: coAuthorTokenBody,
  response: {
    200: jsonResponse(
      z.object({ registry_id: z.string(), title: z.string(), artist_name: z.string(), co_author_name: z.string() }),
      'The question.',
    ),
    ...errorResponses('validation_failed', 'invalid_token', 'forbidden_characters', 'rate_limited', 'unavailable'),
  },
};

export const coAuthorConfirmSchema = {
  tags: ['Registration'],
  summary: 'A co-author confirms they made the work (the button of the confirmation page)',
  description: `Shows the co-author as confirmed on the proof page and re-scores the work; the link works once. ${coAuthorRateNote}`,
  body: coAuthorTokenBody,
  response: {
    200: jsonResponse(coAuthorAnswerSchema, 'Confirmed.'),
    ...errorResponses('validation_failed', 'invalid_token', 'forbidden_characters', 'rate_limited', 'unavailable'),
  },
};

export const coAuthorDeclineSchema = {
  tags: ['Registration'],
  summary: 'A co-author says they did not make the work',
  description: `The co-author stays "not confirmed" and is not invited again for this work; the link works once. ${coAuthorRateNote}`,
  body: coAuthorTokenBody,
  response: {
    200: jsonResponse(coAuthorAnswerSchema, 'Declined.'),
    ...errorResponses('validation_failed', 'invalid_token', 'forbidden_characters', 'rate_limited', 'unavailable'),
  },
};
