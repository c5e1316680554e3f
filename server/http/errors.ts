// The one place where errors become HTTP answers: { error: { code, message, title?, fields? } }.
// Services throw AppError (core/app-error.ts) with a code from the closed list; Fastify's own
// client errors, schema validation failures and database refusals are translated here too.
// Client mistakes get a 4xx with a message a person understands; nothing else leaks.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, appError, type AppErrorDetails } from '../../core/app-error';
import { API_ERRORS } from '../../core/api-error-texts';
import type { ApiErrorBody, ErrorCode } from '../../core/error-codes';
import { MESSAGES } from '../../core/messages';
import { httpErrorForDatabaseError } from './database-errors';

export type { ApiErrorBody as ErrorBody } from '../../core/error-codes';

export interface ValidationIssue {
  path: PropertyKey[];
  message: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How this route words a failed schema validation (its own code or title); by default
     * 'validation_failed' with the first issue's message and one message per field.
     */
    validationError?: (issues: ValidationIssue[]) => AppError;
  }
}

export function errorBody(code: ErrorCode, message: string, extra: Pick<AppErrorDetails, 'title' | 'fields'> = {}): ApiErrorBody {
  return {
    error: { code, message, ...(extra.title ? { title: extra.title } : {}), ...(extra.fields ? { fields: extra.fields } : {}) },
  };
}

/** Answers `error` on `reply`: for hooks and streams, where throwing is not possible. */
export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.details.headers) reply.headers(error.details.headers);
  return reply.status(error.status).send(errorBody(error.code, error.message, error.details));
}

/**
 * Fastify's own client errors, translated into plain sentences; without a message the answer
 * says its code's default (core/error-codes.ts).
 */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; message?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'body_too_large' },
  FST_REQ_FILE_TOO_LARGE: { code: 'file_too_large', message: MESSAGES.imageTooLarge.description },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'bad_request', message: API_ERRORS.bodyEmpty },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'bad_request', message: API_ERRORS.bodyNotJson },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_request', message: API_ERRORS.contentLengthInvalid },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'unsupported_media_type', message: API_ERRORS.multipartRequired },
  FST_FILES_LIMIT: { code: 'bad_request', message: API_ERRORS.oneFileAtATime },
  FST_PARTS_LIMIT: { code: 'bad_request', message: API_ERRORS.tooManyParts },
  FST_PROTO_VIOLATION: { code: 'bad_request', message: API_ERRORS.requestMalformed },
  FST_ERR_BAD_URL: { code: 'bad_request', message: API_ERRORS.brokenEscape },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'address_too_long' },
  FST_ERR_VALIDATION: { code: 'validation_failed' },
};

function defaultValidationError(issues: ValidationIssue[]): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return appError('validation_failed', issues[0]?.message, { fields });
}

// fastify-type-provider-zod keeps each zod issue's message but leaves its path out of `params`:
// the path survives only as the JSON pointer `instancePath` ('/' for the whole body).
function validationIssues(err: { validation: { instancePath: string; message?: string }[] }): ValidationIssue[] {
  return err.validation.map((v) => ({ path: v.instancePath.split('/').filter((key) => key !== ''), message: v.message ?? '' }));
}

/** The AppError that answers `thrown`, or undefined for a fault of ours (a 500). */
function toAppError(thrown: FastifyError, request: FastifyRequest): AppError | undefined {
  if (thrown instanceof AppError) return thrown;
  const fromDatabase = httpErrorForDatabaseError(thrown);
  if (fromDatabase) {
    request.log.warn({ err: thrown }, 'database refused a request');
    return fromDatabase;
  }
  if (hasZodFastifySchemaValidationErrors(thrown)) {
    const issues = validationIssues(thrown);
    return (request.routeOptions.config.validationError ?? defaultValidationError)(issues);
  }
  const known = thrown.code ? FASTIFY_CLIENT_ERRORS[thrown.code] : undefined;
  if (known) return appError(known.code, known.message);
  if (thrown.statusCode === 429) return appError('rate_limited', thrown.message || undefined);
  if (thrown.statusCode && thrown.statusCode >= 400 && thrown.statusCode < 500) {
    return appError('bad_request', API_ERRORS.requestNotProcessed);
  }
  return undefined;
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const answer = toAppError(thrown, request);
    if (answer) return sendError(reply, answer);
    request.log.error({ err: thrown }, 'unhandled error');
    return sendError(reply, appError('internal_error'));
  });
}

/**
 * Errors Fastify raises before any route runs (a broken %-escape in the path, an over-long
 * parameter): the same error shape as everything else instead of Fastify's own.
 */
export function frameworkErrorHandler(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const known = FASTIFY_CLIENT_ERRORS[err.code] ?? { code: 'bad_request', message: API_ERRORS.requestMalformed };
  return sendError(reply, appError(known.code, known.message));
}
