// Domain errors: what services throw when a request cannot be done ("no such work", "already
// processed"). They name a code from the closed list in error-codes.ts; the HTTP layer turns
// them into answers in one place (server/http/errors.ts), so no service knows about HTTP.
import { ERROR_CODES, type ErrorCode } from './error-codes';

export interface AppErrorDetails {
  /** Toast title shown with the message. */
  title?: string;
  /** Per-field messages, keyed by the field's name (dotted for nested fields). */
  fields?: Record<string, string>;
  /** Response headers the answer must carry (Retry-After, Allow...). */
  headers?: Record<string, string>;
}

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_CODES[code].message,
    readonly details: AppErrorDetails = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_CODES[code].status;
  }
}

export const appError = (code: ErrorCode, message?: string, details?: AppErrorDetails) => new AppError(code, message, details);

// Named factories for the errors raised most often.
export const notFound = (message?: string) => new AppError('not_found', message);
export const badRequest = (message: string, fields?: Record<string, string>, title?: string) =>
  new AppError('bad_request', message, { fields, title });
export const validationFailed = (message: string, fields?: Record<string, string>, title?: string) =>
  new AppError('validation_failed', message, { fields, title });
export const invalidParameter = (message: string) => new AppError('invalid_parameter', message);
export const conflict = (message?: string) => new AppError('conflict', message);
export const unavailable = (message?: string, headers?: Record<string, string>) => new AppError('unavailable', message, { headers });
