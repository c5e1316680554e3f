// Shapes of the admin JSON API (/api/admin/*) as zod schemas: the server's routes validate their
// bodies and answers against them and the admin pages read the very same types (re-exported by
// core/admin-api-types.ts, which also says the conventions every admin call follows).
// Admin-only: these carry e-mails, IPs and private prompts, so nothing here may ever be reused
// for a public endpoint.
import { z } from 'zod';
import { adminReasonSchema } from '../admin-reason';
import { ADMIN_FACTOR_KINDS, ADMIN_SECOND_FACTORS, ADMIN_SESSION_STAGES } from './admin-factors';
import { PROMPT_VISIBILITIES, REMOVAL_REQUEST_STATUSES } from '../constants';
import { removalDecisionSchema } from '../schemas';

const isoDate = (description: string) => z.string().describe(`${description}, ISO 8601 UTC.`);
const count = (description: string) => z.number().int().describe(description);

/** The fields every paged admin list answers with besides its items. */
const pageFields = {
  total: count('Rows matching the filters (what the pager counts).'),
  page: count('The page answered, 1-based.'),
  page_size: count('Rows per page.'),
};

// ---------------------------------------------------------------------------------------------
// Session

export const adminProfileSchema = z
  .object({ id: z.guid(), email: z.string() })
  .meta({ id: 'AdminProfile', description: 'An admin account.' });
export type AdminProfile = z.infer<typeof adminProfileSchema>;

export const adminSessionResponseSchema = z
  .object({
    admin: adminProfileSchema,
    expires_at: isoDate('When the session ends (ADMIN_SESSION_HOURS after login)'),
    // Decision 0068: a password alone opens a half session that can only enrol or verify a factor.
    stage: z.enum(ADMIN_SESSION_STAGES).describe("'enrol' or 'verify' while a second factor is pending."),
    second_factor: z.enum(ADMIN_SECOND_FACTORS).nullable().describe('What confirmed the session; null while pending.'),
    enrolled: z.array(z.enum(ADMIN_FACTOR_KINDS)).describe('The kinds of factor the admin has.'),
  })
  .meta({ id: 'AdminSession', description: 'The signed-in admin and when the session ends.' });
export type AdminSessionResponse = z.infer<typeof adminSessionResponseSchema>;

export const adminLogoutResponseSchema = z.object({ ok: z.literal(true) }).describe('The session is revoked and the cookie cleared.');
export type AdminLogoutResponse = z.infer<typeof adminLogoutResponseSchema>;

export const adminRegisterResponseSchema = z.object({ admin: adminProfileSchema }).describe('The new admin account.');
export type AdminRegisterResponse = z.infer<typeof adminRegisterResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Dashboard: GET /api/admin/submissions?search&visibility&status&page

export const ADMIN_VISIBILITY_FILTERS = ['public', 'private'] as const;
export type AdminVisibilityFilter = (typeof ADMIN_VISIBILITY_FILTERS)[number];
/** 'verified' = trust 62 or more, 'review' = below 62. */
export const ADMIN_TRUST_FILTERS = ['verified', 'review'] as const;
export type AdminTrustFilter = (typeof ADMIN_TRUST_FILTERS)[number];

/**
 * Every field an admin view of a work shows, defined once: the dashboard row, the deleted-records
 * row and the whole record pick theirs from here (in their own order), so a column has the same
 * type everywhere. Descriptions that only one view needs are added by that view.
 */
const adminWorkFields = z.object({
  id: z.guid(),
  registry_id: z.string(),
  title: z.string(),
  artist_name: z.string(),
  author_full_name: z.string(),
  author_email: z.string(),
  prompt: z.string(),
  prompt_visibility: z.enum(PROMPT_VISIBILITIES),
  trust_meter: z.number(),
  is_public: z.boolean(),
  image_url: z.string().nullable(),
  admin_image_url: z.string().nullable(),
  image_hash: z.string().nullable(),
  created_at: isoDate('Registration time'),
  updated_at: isoDate('Last change'),
  deleted_at: isoDate('When it was removed').nullable(),
  deleted_by: z.string().nullable(),
  deletion_reason: z.string().nullable(),
  purged_at: isoDate('When it was purged').nullable(),
  // Dashboard-only: two stored columns the record passes through undeclared, and two derived ones.
  tool: z.string(),
  platform: z.string(),
  trust_label: z.enum(['Verified', 'Review Needed']).describe("'Verified' at 62 or more, else 'Review Needed'."),
  visibility: z.enum(['Public', 'Private']).describe("The dashboard's visibility column."),
});

/** The columns that name a work and its author, first in both admin lists. */
const WORK_AND_AUTHOR = { id: true, registry_id: true, title: true, author_full_name: true, author_email: true } as const;

/** What the admin pages put in the dashboard's query string (the server reads it as text). */
export const adminSubmissionsQuerySchema = z.object({
  /** Case-insensitive "contains" on title, author name, author e-mail, artist name, registry id. */
  search: z.string().optional(),
  visibility: z.enum(ADMIN_VISIBILITY_FILTERS).optional(),
  status: z.enum(ADMIN_TRUST_FILTERS).optional(),
  page: z.number().int().optional(),
});
export type AdminSubmissionsQuery = z.infer<typeof adminSubmissionsQuerySchema>;

export const adminSubmissionRowSchema = adminWorkFields
  .pick({
    ...WORK_AND_AUTHOR,
    trust_meter: true,
    trust_label: true,
    created_at: true,
    tool: true,
    platform: true,
    is_public: true,
    visibility: true,
    image_url: true,
    admin_image_url: true,
    prompt: true,
    prompt_visibility: true,
    artist_name: true,
  })
  .extend({
    image_url: adminWorkFields.shape.image_url.describe(
      "As stored: '/artworks/<key>' (served to the public only while the work is public).",
    ),
    admin_image_url: adminWorkFields.shape.admin_image_url.describe(
      'Admin-only image address that works for private and removed works too; null without image.',
    ),
    prompt: adminWorkFields.shape.prompt.describe('Admins see private prompts too.'),
  })
  .meta({ id: 'AdminSubmissionRow', description: 'A row of the admin dashboard.' });
export type AdminSubmissionRow = z.infer<typeof adminSubmissionRowSchema>;

export const adminSubmissionCountsSchema = z
  .object({
    all: count('All active (not removed) works, whatever the filters.'),
    below_62: count('Active works scoring below 62.'),
    at_least_62: count('Active works scoring 62 or more.'),
  })
  .meta({ id: 'AdminSubmissionCounts', description: "The dashboard's counters." });
export type AdminSubmissionCounts = z.infer<typeof adminSubmissionCountsSchema>;

export const adminSubmissionsResponseSchema = z
  .object({ items: z.array(adminSubmissionRowSchema), ...pageFields, counts: adminSubmissionCountsSchema })
  .describe('One page of active works, newest first, and the counters.');
export type AdminSubmissionsResponse = z.infer<typeof adminSubmissionsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Moderation: remove, restore and purge a work (core/admin-reason.ts says what each reason needs).

export const removeSubmissionBodySchema = z.object({ reason: adminReasonSchema('remove') });
export type RemoveSubmissionBody = z.infer<typeof removeSubmissionBodySchema>;

export const restoreSubmissionBodySchema = z.object({ reason: adminReasonSchema('restore') });
export type RestoreSubmissionBody = z.infer<typeof restoreSubmissionBodySchema>;

export const purgeSubmissionBodySchema = z.object({
  reason: adminReasonSchema('purge'),
  confirm: z
    .string()
    .optional()
    .describe("The work's registry id, typed by the admin to confirm (case and surrounding spaces ignored)."),
});
export type PurgeSubmissionBody = z.infer<typeof purgeSubmissionBodySchema>;

export const moderationResultSchema = z
  .object({
    id: z.guid(),
    registry_id: z.string(),
    deleted_at: isoDate('When the work was removed').nullable(),
    deleted_by: z.string().nullable().describe('E-mail of the admin who removed it.'),
    deletion_reason: z.string().nullable(),
    purged_at: isoDate('When its personal data and images were erased').nullable(),
    log_index: z
      .number()
      .int()
      .nullable()
      .describe('Index of the transparency-log leaf recording this step, or null when the work has no image hash.'),
  })
  .meta({ id: 'ModerationResult', description: "The work's moderation state after the step." });
export type ModerationResult = z.infer<typeof moderationResultSchema>;

// ---------------------------------------------------------------------------------------------
// Image check (decision 0018): POST /api/admin/images/check?offset&limit

export const imageCheckLostWorkSchema = z
  .object({ id: z.guid(), registry_id: z.string(), title: z.string() })
  .meta({ id: 'ImageCheckLostWork', description: 'A work whose derivative is missing and whose original is missing or unreadable.' });
export type ImageCheckLostWork = z.infer<typeof imageCheckLostWorkSchema>;

export const imageCheckResponseSchema = z
  .object({
    total: count('Works (not purged) in the whole check.'),
    offset: count('Where this batch started.'),
    checked: count('Works looked at in this call.'),
    ok: count('Works whose derivative is there.'),
    regenerated: count('Derivatives rebuilt from the stored original.'),
    lost: z.array(imageCheckLostWorkSchema),
    next_offset: z.number().int().nullable().describe('The offset of the next batch, or null when this was the last.'),
  })
  .describe('The counts of one batch; add them up over the batches.');
export type ImageCheckResponse = z.infer<typeof imageCheckResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Removal requests (admin side)

export const adminRemovalRequestSchema = z
  .object({
    id: z.guid(),
    submission_url: z.string(),
    submission_id: z.guid().nullable(),
    submission_title: z.string().nullable().describe('Title of the linked work (also when removed), or null.'),
    submission_registry_id: z.string().nullable(),
    submission_deleted: z.boolean().describe('Whether the linked work is currently removed from the public ledger.'),
    requestor_name: z.string(),
    requestor_email: z.string(),
    reason: z.string(),
    additional_info: z.string().nullable(),
    request_ip: z.string().nullable().describe('Address the request came from.'),
    status: z.enum(REMOVAL_REQUEST_STATUSES),
    admin_notes: z.string().nullable(),
    processed_by: z.string().nullable(),
    processed_at: isoDate('When it was decided').nullable(),
    created_at: isoDate('When it was filed'),
  })
  .meta({ id: 'AdminRemovalRequest', description: 'A removal request as admins see it.' });
export type AdminRemovalRequest = z.infer<typeof adminRemovalRequestSchema>;

export const removalRequestCountsSchema = z
  .object({
    all: z.number().int(),
    pending: z.number().int(),
    processing: z.number().int(),
    approved: z.number().int(),
    denied: z.number().int(),
  })
  .meta({ id: 'RemovalRequestCounts', description: 'Removal requests per status.' });
export type RemovalRequestCounts = z.infer<typeof removalRequestCountsSchema>;

export const adminRemovalRequestsResponseSchema = z
  .object({ items: z.array(adminRemovalRequestSchema), ...pageFields, counts: removalRequestCountsSchema })
  .describe('One page of removal requests, newest first, and the counts per status.');
export type AdminRemovalRequestsResponse = z.infer<typeof adminRemovalRequestsResponseSchema>;

export const removalDecisionRequestBodySchema = removalDecisionSchema;
export type RemovalDecisionRequestBody = z.infer<typeof removalDecisionRequestBodySchema>;

export const removalDecisionResponseSchema = z
  .object({
    request: adminRemovalRequestSchema,
    submission: moderationResultSchema.nullable().describe("The linked work's new state when approving removed it; null otherwise."),
  })
  .describe('The decided request.');
export type RemovalDecisionResponse = z.infer<typeof removalDecisionResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Deleted records: GET /api/admin/deleted-submissions?search&page

export const adminDeletedSubmissionSchema = adminWorkFields
  .pick({
    ...WORK_AND_AUTHOR,
    artist_name: true,
    trust_meter: true,
    admin_image_url: true,
    deleted_at: true,
    deleted_by: true,
    deletion_reason: true,
    purged_at: true,
  })
  .extend({
    // Every row here is removed, so its removal time is always set.
    deleted_at: isoDate('When it was removed'),
    purged_at: isoDate('Set when the personal data and images were erased for good; such a row is a tombstone').nullable(),
  })
  .meta({ id: 'AdminDeletedSubmission', description: 'A removed work.' });
export type AdminDeletedSubmission = z.infer<typeof adminDeletedSubmissionSchema>;

export const deletedSubmissionCountersSchema = z
  .object({
    total_deleted: z.number().int(),
    deleted_last_7_days: z.number().int(),
    distinct_processors: count('Distinct admins (deleted_by) among removed works.'),
  })
  .meta({ id: 'DeletedSubmissionCounters', description: "The deleted-records page's counters." });
export type DeletedSubmissionCounters = z.infer<typeof deletedSubmissionCountersSchema>;

export const adminDeletedSubmissionsResponseSchema = z
  .object({ items: z.array(adminDeletedSubmissionSchema), ...pageFields, counters: deletedSubmissionCountersSchema })
  .describe('One page of removed works, newest removal first, and the counters.');
export type AdminDeletedSubmissionsResponse = z.infer<typeof adminDeletedSubmissionsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Audit log: GET /api/admin/audit-log?search&table&action&page

export const AUDIT_LOG_ACTIONS = [
  'CREATE',
  'UPDATE',
  'DELETE',
  'SOFT_DELETE',
  'RESTORE',
  'PURGE',
  'LOGIN',
  'LOGOUT',
  'LOGIN_FAILED',
] as const;
export type AuditLogAction = (typeof AUDIT_LOG_ACTIONS)[number];

/** Tables that have audit entries, for the table filter. */
export const AUDIT_LOG_TABLES = [
  'submissions',
  'removal_requests',
  'admin_users',
  'webhook_endpoints',
  'webhook_deliveries',
  // Decision 0063: claim disputes and the claims they release or transfer.
  'claim_disputes',
  'artist_claims',
] as const;
export type AuditLogTable = (typeof AUDIT_LOG_TABLES)[number];

const storedValues = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z
  .object({
    id: z.string(),
    created_at: isoDate('When it happened'),
    table_name: z.string(),
    record_id: z.string(),
    action_type: z.enum(AUDIT_LOG_ACTIONS),
    admin_id: z.string().nullable(),
    admin_email: z.string().nullable(),
    reason: z.string().nullable(),
    changed_fields: z.array(z.string()),
    old_values: storedValues,
    new_values: storedValues,
    ip_address: z.string().nullable(),
    user_agent: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry', description: 'One entry of the audit log.' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogResponseSchema = z
  .object({ items: z.array(auditEntrySchema), ...pageFields })
  .describe('One page of audit entries, newest first.');
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

/** The whole stored record as admins see it (no internal search text, no token hash). */
export const adminSubmissionRecordSchema = adminWorkFields
  .omit({ tool: true, platform: true, trust_label: true, visibility: true })
  .loose()
  .meta({
    id: 'AdminSubmissionRecord',
    description: 'Every stored column of a work (dates as ISO strings), plus the admin image address.',
  });
export type AdminSubmissionRecord = z.infer<typeof adminSubmissionRecordSchema>;

export const adminSubmissionDetailsSchema = z
  .object({
    submission: adminSubmissionRecordSchema,
    audit_trail: z.array(auditEntrySchema).describe("The work's audit entries, newest first."),
  })
  .describe("A work's full record and its audit trail.");
export type AdminSubmissionDetails = z.infer<typeof adminSubmissionDetailsSchema>;
