// Route schemas of the admin feature: sign-in, the dashboard and moderation, the image check, the
// deleted records and the audit log. Every route but login and register sits behind the session
// check, and every POST behind the same-origin check (guards.ts): their refusals are listed with
// each route (server/http/admin-scope-errors.ts).
import { z } from 'zod';
import { ADMIN_PASSWORD_MIN_LENGTH } from '../../core/admin-api-types';
import {
  ADMIN_TRUST_FILTERS,
  ADMIN_VISIBILITY_FILTERS,
  AUDIT_LOG_ACTIONS,
  adminDeletedSubmissionsResponseSchema,
  adminLogoutResponseSchema,
  adminRegisterResponseSchema,
  adminSessionResponseSchema,
  adminSubmissionDetailsSchema,
  adminSubmissionsResponseSchema,
  auditLogResponseSchema,
  imageCheckResponseSchema,
  moderationResultSchema,
  purgeSubmissionBodySchema,
  removeSubmissionBodySchema,
  restoreSubmissionBodySchema,
} from '../../core/api/admin';
import { adminLoginSchema } from '../../core/schemas';
import { adminJobRetryResponseSchema, adminJobsResponseSchema } from '../../core/api/admin-jobs';
import { ADMIN_GET_ERRORS, ADMIN_POST_ERRORS, ADMIN_PUBLIC_POST_ERRORS } from '../http/admin-scope-errors';
import { binaryResponse, errorResponses, jsonResponse } from '../http/api-schemas';
import { emptyAsUndefined, pageParam, searchParam } from '../http/list-query';

export const submissionRefParams = z.object({
  id: z.string().describe('Submission UUID or registry id (VW-YYYY-NNNNNN).'),
});

// ---------------------------------------------------------------------------------------------
// Session

/** The register call's body: any malformed one is refused like a wrong key. */
export const registerBodySchema = z.object({
  email: z.string().default(''),
  password: z.string().default('').describe(`At least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`),
  masterKey: z.string().optional().describe('The configured ADMIN_MASTER_KEY.'),
  master_key: z.string().optional().describe('Same as masterKey.'),
});

export const loginSchema = {
  tags: ['Admin'],
  summary: 'Sign in',
  description:
    'Sets the HttpOnly session cookie. A wrong password and an unknown e-mail get the same answer. Repeated failures ' +
    'from one address make its further attempts wait, longer each time (429 too_many_attempts with Retry-After); ' +
    'the account itself is never locked. Rate limited per address and hour.',
  body: adminLoginSchema,
  response: {
    200: jsonResponse(adminSessionResponseSchema, 'Signed in; the session cookie is set.'),
    ...errorResponses('validation_failed', 'invalid_credentials', 'too_many_attempts', 'rate_limited', ...ADMIN_PUBLIC_POST_ERRORS),
  },
};

export const registerSchema = {
  tags: ['Admin'],
  summary: 'Create an admin account with the master key',
  description: 'Exists only when ADMIN_MASTER_KEY is configured (404 otherwise). Rate limited per address and hour.',
  body: registerBodySchema,
  response: {
    201: jsonResponse(adminRegisterResponseSchema, 'The account is created.'),
    ...errorResponses('forbidden', 'invalid_email', 'weak_password', 'admin_exists', 'rate_limited', ...ADMIN_PUBLIC_POST_ERRORS),
  },
};

export const logoutSchema = {
  tags: ['Admin'],
  summary: 'Sign out',
  description: 'Revokes the session on the server and clears the cookie. Takes no body.',
  response: {
    200: jsonResponse(adminLogoutResponseSchema, 'Signed out.'),
    ...errorResponses(...ADMIN_POST_ERRORS),
  },
};

export const sessionSchema = {
  tags: ['Admin'],
  summary: 'The current session',
  response: {
    200: jsonResponse(adminSessionResponseSchema, 'The signed-in admin.'),
    ...errorResponses(...ADMIN_GET_ERRORS),
  },
};

// ---------------------------------------------------------------------------------------------
// Dashboard and moderation

export const dashboardQuerySchema = z.object({
  search: searchParam.describe('Case-insensitive "contains" on title, author name, author e-mail, artist name, registry id.'),
  visibility: emptyAsUndefined(z.enum(ADMIN_VISIBILITY_FILTERS)),
  status: emptyAsUndefined(z.enum(ADMIN_TRUST_FILTERS)).describe("'verified' = trust 62 or more, 'review' = below 62."),
  page: pageParam.describe('1-based page of 25.'),
});

export const dashboardSchema = {
  tags: ['Admin'],
  summary: 'The dashboard: active works',
  description: 'Newest first, 25 per page. The counts cover every active work, whatever the filters.',
  querystring: dashboardQuerySchema,
  response: {
    200: jsonResponse(adminSubmissionsResponseSchema, 'One page of active works.'),
    ...errorResponses('invalid_parameter', ...ADMIN_GET_ERRORS),
  },
};

export const removeSchema = {
  tags: ['Admin'],
  summary: 'Remove a work from the public ledger',
  description: 'A soft delete: it can be restored. Recorded in the audit log and the transparency log.',
  params: submissionRefParams,
  body: removeSubmissionBodySchema,
  response: {
    200: jsonResponse(moderationResultSchema, 'Removed.'),
    ...errorResponses('validation_failed', 'not_found', 'conflict', ...ADMIN_POST_ERRORS),
  },
};

export const restoreSchema = {
  tags: ['Admin'],
  summary: 'Restore a removed work',
  description: 'Not possible once it was purged (409). Recorded in the audit log and the transparency log.',
  params: submissionRefParams,
  body: restoreSubmissionBodySchema,
  response: {
    200: jsonResponse(moderationResultSchema, 'Restored.'),
    ...errorResponses('validation_failed', 'not_found', 'conflict', ...ADMIN_POST_ERRORS),
  },
};

export const purgeSchema = {
  tags: ['Admin'],
  summary: 'Purge a removed work (legal erasure)',
  description:
    'Deletes its image files and personal data for good; a tombstone keeps the registry id and image hash. Only for ' +
    'removed works (409 otherwise); `confirm` must be its registry id.',
  params: submissionRefParams,
  body: purgeSubmissionBodySchema,
  response: {
    200: jsonResponse(moderationResultSchema, 'Purged.'),
    ...errorResponses('validation_failed', 'confirmation_mismatch', 'not_found', 'conflict', ...ADMIN_POST_ERRORS),
  },
};

export const adminImageSchema = {
  tags: ['Admin'],
  summary: "A work's 360 px image",
  description: 'Also for private and removed works.',
  params: submissionRefParams,
  response: {
    200: binaryResponse('The JPEG derivative.', 'image/jpeg'),
    ...errorResponses('not_found', ...ADMIN_GET_ERRORS),
  },
};

export const detailsSchema = {
  tags: ['Admin'],
  summary: "A work's full record and audit trail",
  params: submissionRefParams,
  response: {
    200: jsonResponse(adminSubmissionDetailsSchema, 'The record.'),
    ...errorResponses('not_found', ...ADMIN_GET_ERRORS),
  },
};

export const imageCheckQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0).describe('Where the batch starts (works ordered oldest first).'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .describe('Works in this batch; without it every work is checked in one call.'),
});

export const imageCheckSchema = {
  tags: ['Admin'],
  summary: 'Check and rebuild the works’ images',
  description:
    'Every work that is not purged should have its 360 px derivative; a missing one is rebuilt from the stored ' +
    'original, and a work whose original is gone too is reported as lost. With `limit`, call again with ' +
    '`offset = next_offset` until it is null. Takes no body.',
  querystring: imageCheckQuerySchema,
  response: {
    200: jsonResponse(imageCheckResponseSchema, 'The batch is checked.'),
    ...errorResponses('invalid_parameter', 'busy', ...ADMIN_POST_ERRORS),
  },
};

// ---------------------------------------------------------------------------------------------
// Deleted records and the audit log

export const deletedQuerySchema = z.object({
  search: searchParam.describe('Case-insensitive "contains" on title, author name, author e-mail, deletion reason, registry id.'),
  page: pageParam.describe('1-based page of 25.'),
});

export const deletedSchema = {
  tags: ['Admin'],
  summary: 'Removed works',
  description: 'Newest removal first, 25 per page, with three counters.',
  querystring: deletedQuerySchema,
  response: {
    200: jsonResponse(adminDeletedSubmissionsResponseSchema, 'One page of removed works.'),
    ...errorResponses('invalid_parameter', ...ADMIN_GET_ERRORS),
  },
};

export const auditQuerySchema = z.object({
  search: searchParam.describe('Case-insensitive "contains" on record id, reason, admin e-mail.'),
  table: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((s) => s || undefined)
    .describe('Only entries of this table.'),
  action: emptyAsUndefined(z.enum(AUDIT_LOG_ACTIONS)),
  page: pageParam.describe('1-based page of 50.'),
});

export const auditLogSchema = {
  tags: ['Admin'],
  summary: 'The audit log',
  description: 'Newest first, 50 per page.',
  querystring: auditQuerySchema,
  response: {
    200: jsonResponse(auditLogResponseSchema, 'One page of audit entries.'),
    ...errorResponses('invalid_parameter', ...ADMIN_GET_ERRORS),
  },
};

// ---------------------------------------------------------------------------------------------
// The job queue (decision 0058)

export const jobsSchema = {
  tags: ['Admin'],
  summary: 'The job queue',
  description:
    'Jobs of each kind queued, running, failed and completed, and the newest failed jobs with their last error. ' +
    "A job's data (addresses, links) is never shown.",
  response: {
    200: jsonResponse(adminJobsResponseSchema, 'The queue as it stands.'),
    ...errorResponses(...ADMIN_GET_ERRORS),
  },
};

export const jobRetrySchema = {
  tags: ['Admin'],
  summary: 'Retry a failed job',
  description: 'Puts a failed job back in its queue, with one more try; recorded in the audit log. Takes no body.',
  params: z.object({ id: z.string().describe("The failed job's id (a UUID).") }),
  response: {
    200: jsonResponse(adminJobRetryResponseSchema, 'The job is queued again.'),
    ...errorResponses('not_found', ...ADMIN_POST_ERRORS),
  },
};
