// Shapes of the admin JSON API (DESIGN.md "HTTP contract", admin paths), shared by the server
// that builds them and the admin pages that read them. Admin-only: these carry e-mails, IPs and
// private prompts, so nothing here may ever be reused for a public endpoint.
//
// Conventions of every /api/admin/* call:
// - Authentication is the HttpOnly cookie `ledger_admin` set by POST /api/admin/login; the browser
//   sends it by itself (fetch with credentials 'same-origin'). Without a valid session every call
//   except login/register answers 401 `{ error: { code: 'unauthorized', message:
//   'You must be logged in as an admin to access this page.' } }`.
// - POST calls must come from the site itself (the browser's Origin / Sec-Fetch-Site headers),
//   otherwise 403 `{ error: { code: 'csrf', message: 'Cross-site request refused.' } }`.
//   A POST may have no body or `{}` where no fields are needed.
// - Errors use the one shape `{ error: { code, message, title?, fields? } }`.
// - Dates are ISO 8601 strings in UTC. Every response is `Cache-Control: no-store`.
// - Lists take `page` (1-based, default 1) and answer `{ items, total, page, page_size }` where
//   `total` counts the rows matching the filters (for the pager).

import type { RemovalDecision, RemovalRequestStatus } from './constants';

// ---------------------------------------------------------------------------------------------
// Session

export const ADMIN_SESSION_COOKIE = 'ledger_admin';

/** Minimum length of a new admin password (CLI and register call). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

export interface AdminProfile {
  id: string;
  email: string;
}

/**
 * POST /api/admin/login `{ email, password }` → 200 AdminSessionResponse and the session cookie.
 * 400 'Please enter email and password.' (title 'Error'); 401 title 'Login failed' message
 * 'Invalid credentials.'; 423 code 'account_locked' (title 'Login failed', message says when to
 * retry, `Retry-After` header in seconds) after 10 failed attempts in a row; 429 when one address
 * tries too often.
 *
 * GET /api/admin/session → 200 AdminSessionResponse, or 401.
 * POST /api/admin/logout → 200 `{ ok: true }` and the cookie is cleared.
 */
export interface AdminSessionResponse {
  admin: AdminProfile;
  /** When the session ends (config ADMIN_SESSION_HOURS after login). */
  expires_at: string;
}

export interface AdminLogoutResponse {
  ok: true;
}

/**
 * POST /api/admin/register `{ email, password, masterKey }` (also accepts `master_key`).
 * Exists only when ADMIN_MASTER_KEY is configured (404 otherwise). 201 `{ admin }`;
 * 403 code 'forbidden' for a wrong key; 400 for an invalid e-mail / short password;
 * 409 code 'admin_exists' when the e-mail is taken.
 */
export interface AdminRegisterResponse {
  admin: AdminProfile;
}

// ---------------------------------------------------------------------------------------------
// Dashboard: GET /api/admin/submissions?search&visibility&status&page

export type AdminVisibilityFilter = 'public' | 'private';
/** 'verified' = trust 62 or more, 'review' = below 62. */
export type AdminTrustFilter = 'verified' | 'review';

export interface AdminSubmissionsQuery {
  /** Case-insensitive "contains" on title, author name, author e-mail, artist name, registry id. */
  search?: string;
  visibility?: AdminVisibilityFilter;
  status?: AdminTrustFilter;
  page?: number;
}

export interface AdminSubmissionRow {
  id: string;
  registry_id: string;
  title: string;
  author_full_name: string;
  author_email: string;
  trust_meter: number;
  /** 'Verified' at 62 or more, else 'Review Needed' (core adminTrustLabel). */
  trust_label: 'Verified' | 'Review Needed';
  created_at: string;
  tool: string;
  platform: string;
  is_public: boolean;
  /** 'Public' or 'Private', the dashboard's visibility column. */
  visibility: 'Public' | 'Private';
  /** As stored: '/artworks/<key>' (served to the public only while the work is public). */
  image_url: string | null;
  /** Admin-only image address that works for private and removed works too; null without image. */
  admin_image_url: string | null;
  /** Admins see private prompts too. */
  prompt: string;
  prompt_visibility: 'public' | 'private';
  artist_name: string;
}

export interface AdminSubmissionCounts {
  /** All active (not removed) works, whatever the filters. */
  all: number;
  below_62: number;
  at_least_62: number;
}

export interface AdminSubmissionsResponse {
  items: AdminSubmissionRow[];
  total: number;
  page: number;
  page_size: number;
  counts: AdminSubmissionCounts;
}

// ---------------------------------------------------------------------------------------------
// Moderation. `:id` is the UUID or the registry id (VW-YYYY-NNNNNN). Unknown → 404
// 'Submission not found.'.
//
// POST /api/admin/submissions/:id/remove  `{ reason }` (required, at most 2000 characters)
//   → 200 ModerationResult; 409 'This submission has already been removed.'
// POST /api/admin/submissions/:id/restore `{ reason? }`
//   → 200 ModerationResult; 409 when it is not removed or was purged.
// POST /api/admin/submissions/:id/purge   `{ reason, confirm }` where confirm is the registry id
//   typed by the admin; only for removed works (409 otherwise) → 200 ModerationResult.
// GET  /api/admin/submissions/:id/image   → the 360 px JPEG, also for private/removed works.
// GET  /api/admin/submissions/:id/details → AdminSubmissionDetails.

export interface RemoveSubmissionBody {
  reason: string;
}
export interface RestoreSubmissionBody {
  reason?: string;
}
export interface PurgeSubmissionBody {
  reason: string;
  /** Must equal the work's registry id. */
  confirm: string;
}

export interface ModerationResult {
  id: string;
  registry_id: string;
  deleted_at: string | null;
  deleted_by: string | null;
  deletion_reason: string | null;
  purged_at: string | null;
  /** Index of the transparency-log leaf recording this step, or null when the work has no image hash. */
  log_index: number | null;
}

// ---------------------------------------------------------------------------------------------
// Image check (DECISIONS #18): POST /api/admin/images/check?offset&limit
// Without `limit` every work is checked in one call. With `limit`, one batch is checked from
// `offset` (works ordered oldest first); call again with `offset = next_offset` until it is null,
// adding up the counts, to show progress (`checked` of `total`).

export interface ImageCheckLostWork {
  id: string;
  registry_id: string;
  title: string;
}

export interface ImageCheckResponse {
  /** Works (not purged) in the whole check. */
  total: number;
  offset: number;
  /** Works looked at in this call. */
  checked: number;
  ok: number;
  regenerated: number;
  /** Works whose derivative is missing and whose original is missing or unreadable. */
  lost: ImageCheckLostWork[];
  next_offset: number | null;
}

// ---------------------------------------------------------------------------------------------
// Removal requests
//
// Public: POST /api/removal-requests → 201 RemovalRequestCreated (core/api-types.ts).
// Admin:  GET  /api/admin/removal-requests?status&search&page (25 per page, newest first;
//         search = contains on requestor e-mail, name, reason, submission URL)
//         POST /api/admin/removal-requests/:id/decision `{ decision, admin_notes }`
//           → 200 RemovalDecisionResponse; 400 title 'Error' message 'Please provide admin notes
//           for this action.'; 409 'This request has already been processed.'; 404
//           'Removal request not found.'

export interface AdminRemovalRequest {
  id: string;
  submission_url: string;
  submission_id: string | null;
  /** Title of the linked work (also when removed), or null. */
  submission_title: string | null;
  submission_registry_id: string | null;
  /** Whether the linked work is currently removed from the public ledger. */
  submission_deleted: boolean;
  requestor_name: string;
  requestor_email: string;
  reason: string;
  additional_info: string | null;
  /** Address the request came from (admin only). */
  request_ip: string | null;
  status: RemovalRequestStatus;
  admin_notes: string | null;
  processed_by: string | null;
  processed_at: string | null;
  created_at: string;
}

export interface RemovalRequestCounts {
  all: number;
  pending: number;
  processing: number;
  approved: number;
  denied: number;
}

export interface AdminRemovalRequestsResponse {
  items: AdminRemovalRequest[];
  total: number;
  page: number;
  page_size: number;
  counts: RemovalRequestCounts;
}

export interface RemovalDecisionRequestBody {
  decision: RemovalDecision;
  admin_notes: string;
}

export interface RemovalDecisionResponse {
  request: AdminRemovalRequest;
  /** The linked work's new state when approving removed it; null otherwise. */
  submission: ModerationResult | null;
}

// ---------------------------------------------------------------------------------------------
// Deleted records: GET /api/admin/deleted-submissions?search&page (25 per page, newest removal
// first; search = contains on title, author name, author e-mail, deletion reason, registry id)

export interface AdminDeletedSubmission {
  id: string;
  registry_id: string;
  title: string;
  author_full_name: string;
  author_email: string;
  artist_name: string;
  trust_meter: number;
  admin_image_url: string | null;
  deleted_at: string;
  deleted_by: string | null;
  deletion_reason: string | null;
  /** Set when the personal data and images were erased for good; such a row is a tombstone. */
  purged_at: string | null;
}

export interface DeletedSubmissionCounters {
  total_deleted: number;
  deleted_last_7_days: number;
  /** Distinct admins (deleted_by) among removed works. */
  distinct_processors: number;
}

export interface AdminDeletedSubmissionsResponse {
  items: AdminDeletedSubmission[];
  total: number;
  page: number;
  page_size: number;
  counters: DeletedSubmissionCounters;
}

/** The whole stored record as admins see it (no internal search text, no token hash). */
export interface AdminSubmissionRecord {
  [column: string]: unknown;
  id: string;
  registry_id: string;
  title: string;
  artist_name: string;
  author_full_name: string;
  author_email: string;
  prompt: string;
  prompt_visibility: 'public' | 'private';
  trust_meter: number;
  is_public: boolean;
  image_url: string | null;
  admin_image_url: string | null;
  image_hash: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  deleted_by: string | null;
  deletion_reason: string | null;
  purged_at: string | null;
}

export interface AdminSubmissionDetails {
  submission: AdminSubmissionRecord;
  /** audit_log entries of this work, newest first. */
  audit_trail: AuditEntry[];
}

// ---------------------------------------------------------------------------------------------
// Audit log: GET /api/admin/audit-log?search&table&action&page (50 per page, newest first, exact
// total). search = contains on record id, reason, admin e-mail.

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
export const AUDIT_LOG_TABLES = ['submissions', 'removal_requests', 'admin_users'] as const;
export type AuditLogTable = (typeof AUDIT_LOG_TABLES)[number];

export interface AuditEntry {
  id: string;
  /** When it happened. */
  created_at: string;
  table_name: string;
  record_id: string;
  action_type: AuditLogAction;
  admin_id: string | null;
  admin_email: string | null;
  reason: string | null;
  changed_fields: string[];
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
  ip_address: string | null;
  user_agent: string | null;
}

export interface AuditLogResponse {
  items: AuditEntry[];
  total: number;
  page: number;
  page_size: number;
}
