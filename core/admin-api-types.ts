// Shapes of the admin JSON API (decision 0033, admin paths), shared by the server
// that builds them and the admin pages that read them: the types are those of the zod schemas
// in core/api/admin.ts, which the routes validate against; each route's schema (and so
// /api/openapi.json) says its parameters and answers. Admin-only: these carry e-mails, IPs and
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

export type {
  AdminProfile,
  AdminSessionResponse,
  AdminLogoutResponse,
  AdminRegisterResponse,
  AdminVisibilityFilter,
  AdminTrustFilter,
  AdminSubmissionsQuery,
  AdminSubmissionRow,
  AdminSubmissionCounts,
  AdminSubmissionsResponse,
  RemoveSubmissionBody,
  RestoreSubmissionBody,
  PurgeSubmissionBody,
  ModerationResult,
  ImageCheckLostWork,
  ImageCheckResponse,
  AdminRemovalRequest,
  RemovalRequestCounts,
  AdminRemovalRequestsResponse,
  RemovalDecisionRequestBody,
  RemovalDecisionResponse,
  AdminDeletedSubmission,
  DeletedSubmissionCounters,
  AdminDeletedSubmissionsResponse,
  AdminSubmissionRecord,
  AdminSubmissionDetails,
  AuditLogAction,
  AuditLogTable,
  AuditEntry,
  AuditLogResponse,
} from './api/admin';
export { AUDIT_LOG_ACTIONS, AUDIT_LOG_TABLES } from './api/admin';

// ---------------------------------------------------------------------------------------------
// Session

export const ADMIN_SESSION_COOKIE = 'ledger_admin';

/** Minimum length of a new admin password (CLI and register call). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;
