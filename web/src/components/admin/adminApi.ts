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
} from '#core/admin-api-types';
import type { AdminJobRetry, AdminJobs } from '#core/api/admin-jobs';
import type { RemovalDecision } from '#core/constants';
import type {
  WebhookCreateBody,
  WebhookDeliveries,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookList,
  WebhookUpdateBody,
  WebhookWithSecret,
} from '#core/api/admin-webhooks';
import type { AdminClaimDisputesResponse, ClaimDisputeDecisionResponse } from '#core/api/claim-disputes';
import type { ClaimDisputeDecision } from '#core/constants';
import type {
  AdminFactorsResponse,
  FactorEnrolledResponse,
  SecondFactorDoneResponse,
  TotpSetupResponse,
} from '#core/api/admin-factors';
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
  // The second factor (decision 0068).
  factors: () => apiGet<AdminFactorsResponse>('/api/admin/second-factor'),
  removeFactor: (factorId: string) => apiPost<{ ok: true }>(`/api/admin/second-factor/${id(factorId)}/remove`, {}),
  totpSetup: () => apiPost<TotpSetupResponse>('/api/admin/second-factor/totp/setup', {}),
  totpConfirm: (code: string) => apiPost<FactorEnrolledResponse>('/api/admin/second-factor/totp/confirm', { code }),
  passkeyRegisterOptions: () => apiPost<{ options: Record<string, unknown> }>('/api/admin/second-factor/passkey/register-options', {}),
  passkeyRegister: (response: unknown) => apiPost<FactorEnrolledResponse>('/api/admin/second-factor/passkey/register', { response }),
  passkeyOptions: () => apiPost<{ options: Record<string, unknown> }>('/api/admin/second-factor/passkey/options', {}),
  passkeyVerify: (response: unknown) => apiPost<SecondFactorDoneResponse>('/api/admin/second-factor/passkey/verify', { response }),
  totpVerify: (code: string) => apiPost<SecondFactorDoneResponse>('/api/admin/second-factor/totp/verify', { code }),
  recoveryCode: (code: string) => apiPost<SecondFactorDoneResponse>('/api/admin/second-factor/recovery-code', { code }),

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

  claimDisputes: (params: { status?: string; search?: string; page?: number }) =>
    apiGet<AdminClaimDisputesResponse>(withQuery('/api/admin/claim-disputes', params)),
  decideClaimDispute: (disputeId: string, decision: ClaimDisputeDecision, adminNotes: string) =>
    apiPost<ClaimDisputeDecisionResponse>(`/api/admin/claim-disputes/${id(disputeId)}/decision`, {
      decision,
      admin_notes: adminNotes,
    }),
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

  jobs: () => apiGet<AdminJobs>('/api/admin/jobs'),
  retryJob: (jobId: string) => apiPost<AdminJobRetry>(`/api/admin/jobs/${id(jobId)}/retry`, {}),
  webhooks: () => apiGet<WebhookList>('/api/admin/webhooks'),
  addWebhook: (body: WebhookCreateBody) => apiPost<WebhookWithSecret>('/api/admin/webhooks', body),
  changeWebhook: (ref: string, body: WebhookUpdateBody) => apiPost<WebhookEndpoint>(`/api/admin/webhooks/${id(ref)}`, body),
  rotateWebhookSecret: (ref: string) => apiPost<WebhookWithSecret>(`/api/admin/webhooks/${id(ref)}/rotate-secret`, {}),
  deleteWebhook: (ref: string) => apiPost<{ id: string; deleted: true }>(`/api/admin/webhooks/${id(ref)}/delete`, {}),
  webhookDeliveries: (ref: string) => apiGet<WebhookDeliveries>(`/api/admin/webhooks/${id(ref)}/deliveries`),
  retryWebhookDelivery: (ref: string, delivery: string) =>
    apiPost<WebhookDelivery>(`/api/admin/webhooks/${id(ref)}/deliveries/${id(delivery)}/retry`, {}),
};

/** TanStack Query keys. Everything under ['admin'] is dropped on logout. */
export const adminKeys = {
  all: ['admin'] as const,
  session: ['admin', 'session'] as const,
  submissions: (params: object) => ['admin', 'submissions', params] as const,
  details: (ref: string) => ['admin', 'details', ref] as const,
  removalRequests: (params: object) => ['admin', 'removal-requests', params] as const,
  claimDisputes: (params: object) => ['admin', 'claim-disputes', params] as const,
  deleted: (params: object) => ['admin', 'deleted', params] as const,
  auditLog: (params: object) => ['admin', 'audit-log', params] as const,
  jobs: ['admin', 'jobs'] as const,
  webhooks: ['admin', 'webhooks'] as const,
  webhookDeliveries: (ref: string) => ['admin', 'webhooks', ref, 'deliveries'] as const,
};
