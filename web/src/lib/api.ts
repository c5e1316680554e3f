// Typed client for the server's JSON API. Every failure becomes an ApiError carrying the
// server's error shape `{ error: { code, message, title?, fields? } }`, so pages can show
// the spec's exact messages without parsing responses themselves.

export interface ApiErrorBody {
  code: string;
  message: string;
  title?: string;
  fields?: Record<string, string>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title?: string;
  readonly fields?: Record<string, string>;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.title = body.title;
    this.fields = body.fields;
  }
}

/** Status 0 means the request never got an HTTP answer (offline, aborted, DNS). */
const NETWORK_ERROR: ApiErrorBody = {
  code: 'network_error',
  message: 'Could not reach the server. Please check your connection and try again.',
};

function isErrorBody(value: unknown): value is { error: ApiErrorBody } {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as ApiErrorBody).message === 'string';
}

/** Builds an ApiError from a non-2xx status and whatever body came with it. */
export function toApiError(status: number, body: unknown): ApiError {
  if (isErrorBody(body)) {
    return new ApiError(status, { ...body.error, code: body.error.code ?? `http_${status}` });
  }
  return new ApiError(status, { code: `http_${status}`, message: `Request failed with status ${status}` });
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function request<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  const body = parseJson(await response.text());
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
}

export function apiGet<T>(path: string, init: { signal?: AbortSignal } = {}): Promise<T> {
  return request<T>(path, { method: 'GET', headers: { Accept: 'application/json' }, signal: init.signal });
}

export function apiPost<T>(path: string, body?: unknown, init: { signal?: AbortSignal } = {}): Promise<T> {
  return apiSend<T>('POST', path, body, init);
}

/** A request with a JSON body (none when `body` is undefined), answered with JSON. */
export function apiSend<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  init: { signal?: AbortSignal } = {},
): Promise<T> {
  return request<T>(path, {
    method,
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: init.signal,
  });
}

/** Upload progress as a fraction 0..1 of the bytes sent. */
export type UploadProgress = (fraction: number) => void;

/**
 * Sends one file as multipart field `file`. Uses XMLHttpRequest because fetch cannot report
 * upload progress. `extraFields` are appended as plain form fields before the file.
 */
export function apiUpload<T>(
  path: string,
  file: Blob,
  onProgress?: UploadProgress,
  extraFields: Record<string, string> = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(extraFields)) form.append(name, value);
    form.append('file', file, file instanceof File ? file.name : 'upload');

    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.withCredentials = true;
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      });
    }
    xhr.addEventListener('load', () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(body as T);
      } else {
        reject(toApiError(xhr.status, body));
      }
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, NETWORK_ERROR)));
    xhr.addEventListener('abort', () => reject(new ApiError(0, { code: 'aborted', message: 'Upload cancelled.' })));
    xhr.send(form);
  });
}

/** A readable message for any thrown value, preferring the server's message. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
