// The closed list of error codes the API answers with, each with its one HTTP status and the
// sentence shown when the thrower has nothing more precise to say. Clients (our web app
// included) branch on `error.code`; a new code is added here or not at all, and the OpenAPI
// document lists exactly these.
import { MESSAGES } from './messages';

interface ErrorCodeEntry {
  readonly status: number;
  /** The default user message (a more precise one may be given where the error is raised). */
  readonly message: string;
}

export const ERROR_CODES = {
  bad_request: { status: 400, message: MESSAGES.malformedRequest.description },
  validation_failed: { status: 400, message: 'The request is not valid.' },
  invalid_parameter: { status: 400, message: 'A parameter is not valid.' },
  invalid_value: { status: 400, message: MESSAGES.unreadableValue.description },
  invalid_token: { status: 400, message: MESSAGES.emailLinkInvalid.description },
  forbidden_characters: { status: 400, message: MESSAGES.forbiddenCharacters.description },
  malformed_multipart: { status: 400, message: MESSAGES.malformedMultipart.description },
  image_required: { status: 400, message: MESSAGES.imageRequired.description },
  confirmation_mismatch: { status: 400, message: 'The confirmation does not match.' },
  image_empty: { status: 400, message: MESSAGES.imageRequired.description },
  upload_incomplete: { status: 400, message: MESSAGES.uploadIncomplete.description },
  upload_used: { status: 400, message: MESSAGES.uploadAlreadyUsed.description },
  upload_not_stored: { status: 400, message: MESSAGES.uploadNotStored.description },
  upload_files_missing: { status: 400, message: MESSAGES.uploadFilesMissing.description },
  upload_expired: { status: 400, message: MESSAGES.uploadNotFound.description },
  invalid_email: { status: 400, message: MESSAGES.emailInvalid.description },
  weak_password: { status: 400, message: 'The password is too weak.' },
  unauthorized: { status: 401, message: MESSAGES.adminLoginRequired.description },
  invalid_credentials: { status: 401, message: MESSAGES.adminLoginFailed.description },
  csrf: { status: 403, message: 'Cross-site request refused.' },
  forbidden: { status: 403, message: 'This action is not allowed.' },
  not_found: { status: 404, message: 'Not found.' },
  not_logged: { status: 404, message: 'This work has no transparency-log entry yet.' },
  request_timeout: { status: 408, message: MESSAGES.requestBodyTooSlow.description },
  conflict: { status: 409, message: 'The request conflicts with the current state.' },
  already_processed: { status: 409, message: 'This request has already been processed.' },
  admin_exists: { status: 409, message: 'An admin with this e-mail already exists.' },
  body_too_large: { status: 413, message: 'The request is too large.' },
  file_too_large: { status: 413, message: MESSAGES.imageTooLarge.description },
  image_too_large: { status: 413, message: MESSAGES.imageTooLarge.description },
  address_too_long: { status: 414, message: 'The address is too long.' },
  unsupported_media_type: { status: 415, message: 'This content type is not accepted here.' },
  image_unsupported_type: { status: 415, message: MESSAGES.unsupportedImageType.description },
  image_unreadable: { status: 422, message: MESSAGES.imageUnreadable.description },
  image_too_many_pixels: { status: 422, message: MESSAGES.imageTooManyPixels.description },
  image_too_many_chunks: { status: 422, message: MESSAGES.imageTooManyChunks.description },
  image_not_processed: { status: 422, message: MESSAGES.imageNotProcessed.description },
  too_many_attempts: { status: 429, message: MESSAGES.rateLimited.description },
  rate_limited: { status: 429, message: 'Too many requests. Please try again later.' },
  too_many_connections: { status: 429, message: MESSAGES.tooManyLiveConnections.description },
  too_many_images: { status: 429, message: MESSAGES.tooManyImagesAtOnce.description },
  internal_error: { status: 500, message: MESSAGES.unexpectedError.description },
  upload_failed: { status: 500, message: MESSAGES.uploadFailed.description },
  not_implemented: { status: 501, message: 'This is not supported.' },
  unavailable: { status: 503, message: MESSAGES.serviceUnavailable.description },
  busy: { status: 503, message: MESSAGES.imageServerBusy.description },
} as const satisfies Record<string, ErrorCodeEntry>;

export type ErrorCode = keyof typeof ERROR_CODES;
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

export function statusOfErrorCode(code: ErrorCode): number {
  return ERROR_CODES[code].status;
}

/** The answer body of every error: `{ error: { code, message, title?, fields? } }`. */
export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; title?: string; fields?: Record<string, string> };
}
