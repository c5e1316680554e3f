// Calls of the manage page (issue 18). The session is an HttpOnly cookie scoped to /api/manage
// that the server sets when the e-mailed link is opened; this code never sees it.
import type { ManagedWork, ManagedWorks, ManageWorkChange } from '../../../core/api/manage';
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

export function withdrawManagedWork(id: string, reason: string): Promise<ManagedWork> {
  return apiPost(`/api/manage/works/${id}/withdraw`, { reason });
}

export function endManageSession(): Promise<void> {
  return apiSend('DELETE', '/api/manage/session');
}
