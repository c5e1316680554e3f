// Calls of the manage page (issue 18). The session is an HttpOnly cookie scoped to /api/manage
// that the server sets when the e-mailed link is opened; this code never sees it.
import type { ManagedWork, ManagedWorks, ManageWorkChange } from '../../../core/api/manage';
import { ApiError, apiGet, apiPost, toApiError } from './api';

export function requestManageLink(email: string): Promise<{ title: string; message: string }> {
  return apiPost('/api/manage/link', { email });
}

export function openManageLink(token: string): Promise<ManagedWorks> {
  return apiPost('/api/manage/session', { token });
}

export function listManagedWorks(): Promise<ManagedWorks> {
  return apiGet('/api/manage/works');
}

async function send<T>(method: 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, {
      code: 'network_error',
      message: 'Could not reach the server. Please check your connection and try again.',
    });
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw toApiError(response.status, parsed);
  return parsed as T;
}

export function changeManagedWork(id: string, change: ManageWorkChange): Promise<ManagedWork> {
  return send('PATCH', `/api/manage/works/${id}`, change);
}

/** Starts or stops e-mail alerts about copies of the work, for the signed-in address. */
export function watchManagedWork(id: string, watching: boolean): Promise<ManagedWork> {
  return send('PUT', `/api/manage/works/${id}/watch`, { watching });
}

export function withdrawManagedWork(id: string, reason: string): Promise<ManagedWork> {
  return apiPost(`/api/manage/works/${id}/withdraw`, { reason });
}

export function endManageSession(): Promise<void> {
  return send('DELETE', '/api/manage/session');
}
