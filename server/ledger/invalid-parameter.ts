// The query-string rules of the ledger's read endpoints (the app's and the public API's): an
// empty value is what an HTML form sends for "no choice", so it counts as absent; a repeated
// parameter is refused; and every refusal is 400 'invalid_parameter' with a message naming the
// parameter, "Invalid parameter 'sort': must be one of newest, oldest, status, most-linked",
// which clients and the tests rely on word for word.
import type { FastifyRequest } from 'fastify';
import { invalidParameter, type AppError } from '../../core/app-error';
import { API_ERRORS, invalidParameterText } from '../../core/api-error-texts';
import type { ValidationIssue } from '../http/errors';

export function invalidParameterMessage(parameter: string, reason: string): string {
  return invalidParameterText(parameter, reason);
}

/** The route's config.validationError: the first failed check, naming its parameter. */
export function invalidParameterError(issues: ValidationIssue[]): AppError {
  const issue = issues[0];
  return invalidParameter(
    invalidParameterMessage(String(issue?.path[0] ?? 'query'), issue?.message ?? API_ERRORS.parameterIsNotValid),
  );
}

export type CleanedQuery = { ok: true; value: Record<string, unknown> } | { ok: false; parameter: string; message: string };

export interface QueryCleaning {
  /**
   * Read numbers and booleans as text and trim text, except parameters named here (the public
   * API's callers sometimes pass an already coerced query; an opaque cursor is kept as sent).
   */
  trimExcept?: readonly string[];
}

/** The query with empty values removed, or the refusal of the first repeated parameter. */
export function cleanQuery(query: unknown, cleaning: QueryCleaning = {}): CleanedQuery {
  const cleaned: Record<string, unknown> = {};
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (Array.isArray(value))
      return { ok: false, parameter: name, message: invalidParameterMessage(name, API_ERRORS.parameterGivenTwice) };
    if (value === '' || value === undefined) continue;
    if (!cleaning.trimExcept) {
      cleaned[name] = value;
      continue;
    }
    const text = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
    cleaned[name] = typeof text === 'string' && !cleaning.trimExcept.includes(name) ? text.trim() : text;
  }
  return { ok: true, value: cleaned };
}

/**
 * Route options applying these rules: the query is cleaned before the route's schema validates
 * it, and a failed validation is worded as above. `config` is merged with the route's own.
 */
export function queryParameterRules(cleaning: QueryCleaning = {}) {
  return {
    preValidation: async (request: FastifyRequest) => {
      const cleaned = cleanQuery(request.query, cleaning);
      if (!cleaned.ok) throw invalidParameter(cleaned.message);
      request.query = cleaned.value;
    },
    config: { validationError: invalidParameterError },
  };
}
