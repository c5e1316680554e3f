// Query parameters of the log endpoints. Every mistake is a 400 'invalid_parameter' that names
// the parameter, with one field: the zod schemas below carry the whole sentence as their issue
// message, and logParamError turns the first issue into the answer (the checks run in the
// order the parameters are declared, so the first mistake is the one reported).
import { z } from 'zod';
import { appError, type AppError } from '../../core/app-error';
import {
  API_ERRORS,
  invalidParameterText,
  missingParameterText,
  parameterNotIndexText,
  parameterTwiceText,
} from '../../core/api-error-texts';
import type { ValidationIssue } from '../http/errors';

/** Entries per GET /api/log/entries. */
export const MAX_ENTRIES_PER_REQUEST = 1000;

function parameterError(name: string, message: string): AppError {
  return appError('invalid_parameter', message, { fields: { [name]: message } });
}

export function invalidParameter(name: string, problem: string): AppError {
  return parameterError(name, invalidParameterText(name, problem));
}

export function missingParameter(name: string, hint = ''): AppError {
  return parameterError(name, missingParameterText(name, hint));
}

/** The route's `config.validationError`: the first issue, already worded, names its parameter. */
export function logParamError(issues: ValidationIssue[]): AppError {
  const [first] = issues;
  const name = String(first?.path[0] ?? 'query');
  return parameterError(name, first?.message ?? API_ERRORS.queryInvalid);
}

/** The parameter's single string value: absent is "missing", repeated is "give it once". */
export function stringParam(name: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? missingParameterText(name) : parameterTwiceText(name)),
  });
}

/** A non-negative decimal integer (no sign, no leading zeros), as a number. */
export function indexParam(name: string) {
  const invalid = parameterNotIndexText(name);
  return stringParam(name)
    .regex(/^(?:0|[1-9]\d*)$/, invalid)
    .refine((value) => Number.isSafeInteger(Number(value)), invalid)
    .transform(Number);
}
