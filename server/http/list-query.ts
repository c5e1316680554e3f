// Query-string rules the admin lists share: a 1-based page and a free-text search. Here, not in
// one feature, because the admin dashboard and the removal-request list both use it.
import { z } from 'zod';
import { appError, type AppError } from '../../core/app-error';
import { API_ERRORS, parameterNotValidText } from '../../core/api-error-texts';
import type { ValidationIssue } from './errors';

export const pageParam = z.coerce.number().int().min(1).max(1_000_000).default(1);
export const searchParam = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((s) => (s ? s : undefined));

/** An empty query parameter (`?status=`) counts as absent. */
export const emptyAsUndefined = <T extends z.ZodType>(schema: T) => schema.optional().or(z.literal('').transform(() => undefined));

/**
 * The `config.validationError` of a list route: 400 'invalid_parameter' naming the first
 * offending parameter (the schema is the route's querystring).
 */
export function invalidListParameter(issues: ValidationIssue[]): AppError {
  const name = String(issues[0]?.path[0] ?? 'query');
  return appError('invalid_parameter', parameterNotValidText(name), { fields: { [name]: API_ERRORS.fieldNotValid } });
}
