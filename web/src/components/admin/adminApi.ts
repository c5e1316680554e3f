// Typed calls of the admin JSON API (core/admin-api-types.ts). The session cookie is HttpOnly,
// so the browser attaches it by itself; nothing here stores a token.
import type {
  AdminDeletedSubmissionsResponse,
  AdminRemovalRequestsResponse,
  AdminSessionResponse,
  AdminSubmissionDetails,
  AdminSubmissionsResponse,
  AdminLogoutResponse,
  AuditLogResponse,
  ImageCheckResponse,
  ModerationResult,
  RemovalDecisionResponse,
} from '../../../../core/admin-api-types';
import type { RemovalDecision } from '../../../../core/constants';
import { apiGet, apiPost } from '../../lib/api';

/** Builds `path?a=1&b=x`, leaving out empty values and page 1 (the server's default). */
export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    if (name === 'page' && value === 1) continue;
    query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

const id = (value: string) => encodeURIComponent(value);

export const adminApi = {
  session: () => apiGet<AdminSessionResponse>('/api/admin/session'),
  login: (email: string, password: string) => apiPost<AdminSessionResponse>('/api/admin/login', { email, password }),
  logout: () => apiPost<AdminLogoutResponse>('/api/admin/logout', {}),

  submissions: (params: { search?: string; visibility?: string; status?: string; page?: number }) =>
    apiGet<AdminSubmissionsResponse>(withQuery('/api/admin/submissions', params)),
  removeSubmission: (ref: string, reason: string) => apiPost<ModerationResult>(`/api/admin/submissions/${id(ref)}/remove`, { reason }),
  restoreSubmission: (ref: string, reason?: string) =>
    apiPost<ModerationResult>(`/api/admin/submissions/${id(ref)}/restore`, reason ? { reason } : {}),
  purgeSubmission: (ref: string, reason: string, confirm: string) =>
    apiPost<ModerationResult>(`/api/admin/submissions/${id(ref)}/purge`, { reason, confirm }),
  submissionDetails: (ref: string) => apiGet<AdminSubmissionDetails>(`/api/admin/submissions/${id(ref)}/details`),
  checkImages: (offset: number, limit: number) =>
    apiPost<ImageCheckResponse>(withQuery('/api/admin/images/check', { offset, limit }), {}),

  removalRequests: (params: { status?: string; search?: string; page?: number }) =>
    apiGet<AdminRemovalRequestsResponse>(withQuery('/api/admin/removal-requests', params)),
  decideRemovalRequest: (requestId: string, decision: RemovalDecision, adminNotes: string) =>
    apiPost<RemovalDecisionResponse>(`/api/admin/removal-requests/${id(requestId)}/decision`, {
      decision,
      admin_notes: adminNotes,
    }),

  deletedSubmissions: (params: { search?: string; page?: number }) =>
    apiGet<AdminDeletedSubmissionsResponse>(withQuery('/api/admin/deleted-submissions', params)),

  auditLog: (params: { search?: string; table?: string; action?: string; page?: number }) =>
    apiGet<AuditLogResponse>(withQuery('/api/admin/audit-log', params)),
};

/** TanStack Query keys. Everything under ['admin'] is dropped on logout. */
export const adminKeys = {
  all: ['admin'] as const,
  session: ['admin', 'session'] as const,
  submissions: (params: object) => ['admin', 'submissions', params] as const,
  details: (ref: string) => ['admin', 'details', ref] as const,
  removalRequests: (params: object) => ['admin', 'removal-requests', params] as const,
  deleted: (params: object) => ['admin', 'deleted', params] as const,
  auditLog: (params: object) => ['admin', 'audit-log', params] as const,
};
