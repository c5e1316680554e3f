// Query-string parsing shared by the admin lists: a 1-based page and a free-text search turned
// into a LIKE pattern that treats the user's % and _ as plain characters.
import { z } from 'zod';
import { HttpError } from '../http/errors';

export const pageParam = z.coerce.number().int().min(1).max(1_000_000).default(1);
export const searchParam = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((s) => (s ? s : undefined));

/** Parses a query object or answers 400 'invalid_parameter' naming the offending parameter. */
export function parseListQuery<T extends z.ZodType>(schema: T, query: unknown): z.output<T> {
  const result = schema.safeParse(query ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = String(issue?.path[0] ?? 'query');
  throw new HttpError(400, 'invalid_parameter', `The parameter '${name}' is not valid.`, { fields: { [name]: 'Not valid.' } });
}

/** '%term%' for ILIKE, with the user's backslash, % and _ escaped (PostgreSQL's default escape is \). */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}
