// One error shape for the whole API: { error: { code, message, title?, fields? } }.
// Client mistakes get a 4xx with a message a person understands; nothing else leaks.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { httpErrorForDatabaseError } from './database-errors';

export interface ErrorBody {
  error: { code: string; message: string; title?: string; fields?: Record<string, string> };
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: { title?: string; fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message = 'Not found.') => new HttpError(404, 'not_found', message);
export const badRequest = (message: string, fields?: Record<string, string>, title?: string) =>
  new HttpError(400, 'bad_request', message, { fields, title });

export function errorBody(code: string, message: string, extra: { title?: string; fields?: Record<string, string> } = {}): ErrorBody {
  return { error: { code, message, ...(extra.title ? { title: extra.title } : {}), ...(extra.fields ? { fields: extra.fields } : {}) } };
}

/** Fastify's own client errors, translated into plain sentences. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'body_too_large', message: 'The request is too large.' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'file_too_large', message: 'Images can be at most 10 MB.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type', message: 'This content type is not accepted here.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'bad_request', message: 'The request body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'bad_request', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'bad_request', message: 'The request has an invalid length.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'unsupported_media_type', message: 'Please send the file as multipart/form-data.' },
  FST_FILES_LIMIT: { status: 400, code: 'bad_request', message: 'Please send one file at a time.' },
  FST_PARTS_LIMIT: { status: 400, code: 'bad_request', message: 'The form has too many parts.' },
  FST_PROTO_VIOLATION: { status: 400, code: 'bad_request', message: 'The request is malformed.' },
  FST_ERR_BAD_URL: { status: 400, code: 'bad_request', message: 'The address is not valid (a broken %-escape).' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'bad_request', message: 'The address is too long.' },
  FST_ERR_VALIDATION: { status: 400, code: 'validation_failed', message: 'The request is not valid.' },
};

export type ValidationMessageMapper = (
  issues: { path: PropertyKey[]; message: string }[],
) => { message: string; title?: string; fields: Record<string, string> };

function defaultMapper(issues: { path: PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return { message: issues[0]?.message ?? 'The request is not valid.', fields };
}

export function installErrorHandling(app: FastifyInstance, mapValidation: ValidationMessageMapper = defaultMapper): void {
  app.setErrorHandler((thrown: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const fromDatabase = httpErrorForDatabaseError(thrown);
    if (fromDatabase) request.log.warn({ err: thrown }, 'database refused a request');
    const err = fromDatabase ?? thrown;
    if (err instanceof HttpError) {
      if (err.extra.headers) reply.headers(err.extra.headers);
      return reply.status(err.statusCode).send(errorBody(err.code, err.message, err.extra));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => {
        const issue = v.params.issue as { path?: PropertyKey[]; message: string };
        return { path: issue.path ?? [], message: issue.message };
      });
      const mapped = mapValidation(issues);
      return reply.status(400).send(errorBody('validation_failed', mapped.message, { title: mapped.title, fields: mapped.fields }));
    }
    const known = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
    if (known) return reply.status(known.status).send(errorBody(known.code, known.message));
    if (err.statusCode === 429) {
      return reply.status(429).send(errorBody('rate_limited', err.message || 'Too many requests. Please try again later.'));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send(errorBody('bad_request', 'The request could not be processed.'));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody('internal_error', 'Something went wrong. Please try again.'));
  });
}

/**
 * Errors Fastify raises before any route runs (a broken %-escape in the path, an over-long
 * parameter): the same error shape as everything else instead of Fastify's own.
 */
export function frameworkErrorHandler(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const known = FASTIFY_CLIENT_ERRORS[err.code] ?? { status: 400, code: 'bad_request', message: 'The request is malformed.' };
  return reply.status(known.status).send(errorBody(known.code, known.message));
}
