// Calls of the manage page (issue 18). The session is an HttpOnly cookie scoped to /api/manage
// that the server sets when the e-mailed link is opened; this code never sees it.
import type { ManagedWork, ManagedWorks, ManageWorkChange } from '#core/api/manage';
import type { DomainProofs } from '#core/api/domain-proofs';
import { apiGet, apiPost, apiSend } from './api';

export function requestManageLink(email: string): Promise<{ title: string; message: string }> {
  return apiPost('/api/manage/link', { email });
}

export function openManageLink(token: string): Promise<ManagedWorks> {
  return apiPost('/api/manage/session', { token });
}

export function listManagedWorks(): Promise<ManagedWorks> {
  return apiGet('/api/manage/works');
}

export function changeManagedWork(id: string, change: ManageWorkChange): Promise<ManagedWork> {
  return apiSend('PATCH', `/api/manage/works/${id}`, change);
}

/** Starts or stops e-mail alerts about copies of the work, for the signed-in address. */
export function watchManagedWork(id: string, watching: boolean): Promise<ManagedWork> {
  return apiSend('PUT', `/api/manage/works/${id}/watch`, { watching });
}

/** "Check again": queues a new check of the work's links (issue 33); the answer is the work as it stands. */
export function checkLinksAgain(id: string): Promise<ManagedWork> {
  return apiPost(`/api/manage/works/${id}/check-links`, {});
}

export function withdrawManagedWork(id: string, reason: string): Promise<ManagedWork> {
  return apiPost(`/api/manage/works/${id}/withdraw`, { reason });
}

export function endManageSession(): Promise<void> {
  return apiSend('DELETE', '/api/manage/session');
}

// ---- Issue 33: domain proofs (decision 0062) ----

/** The domains of the work's identity (its artist name and the signed-in address). */
export function listDomainProofs(id: string): Promise<DomainProofs> {
  return apiGet(`/api/manage/works/${id}/domains`);
}

/** "Prove a domain": starts (or finds) the proof and queues its check. */
export function proveDomain(id: string, domain: string): Promise<DomainProofs> {
  return apiPost(`/api/manage/works/${id}/domains`, { domain });
}

/** "Check again" of the identity's domains. */
export function checkDomainsAgain(id: string): Promise<DomainProofs> {
  return apiPost(`/api/manage/works/${id}/domains/check`, {});
}

// ---- Issue 33: co-authors confirm by e-mail (decision 0064) ----

/** "Ask to confirm" / "Send a new link": e-mails the credited co-author a link; the answer is the work as it stands. */
export function inviteCoAuthor(id: string, name: string, email: string): Promise<ManagedWork> {
  return apiPost(`/api/manage/works/${id}/co-authors`, { name, email });
}
