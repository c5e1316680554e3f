import { z } from 'zod';
import {
  LEDGER_QUERY_LIMITS,
  MAX_OFFSET_ROWS,
  PUBLIC_API,
  PUBLIC_API_FORMATS,
  TRUST_MAX,
  TRUST_MIN,
  type PublicApiFormat,
} from '../../../core/constants';
import { PUBLIC_API_PARAMETER_REASONS as MUST } from '../../../core/api-error-texts';
import { cleanQuery, invalidParameterMessage, type QueryCleaning } from '../invalid-parameter';
import { decodeCursor } from './cursor';

export type { PublicApiFormat };
const { defaultLimit: PUBLIC_API_DEFAULT_LIMIT, maxLimit: PUBLIC_API_MAX_LIMIT } = PUBLIC_API;

const WHOLE_NUMBER = /^\d+$/;

/** Digits only; any size (a huge limit is still capped, so no upper check here). */
function digits(message: string) {
  return z.string({ error: message }).regex(WHOLE_NUMBER, { error: message }).transform(Number);
}

function wholeNumber(message: string) {
  return digits(message).refine(Number.isSafeInteger, { error: message });
}

function isoDateOrDateTime(message: string) {
  return z
    .union([z.iso.date(), z.iso.datetime({ offset: true, local: true })], { error: message })
    .transform((text) => ({ text, isDateOnly: text.length === 10, at: parseUtc(text) }));
}

/** A date-time without a zone is read as UTC, like the API's own timestamps. */
function parseUtc(text: string): Date {
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(text);
  return new Date(text.length === 10 || hasZone ? text : `${text}Z`);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The query string of GET /api/v1/ledger (and /functions/v1/public-ledger-api). Values arrive
 * as strings; the output is typed. Unknown parameters are ignored (cache busters are common).
 * A `default` in meta is the documented one: zod leaves a default out of the input JSON Schema
 * when the value goes through a transform (text in, number out).
 */
export const publicApiQuerySchema = z
  .object({
    format: z.enum(PUBLIC_API_FORMATS, { error: MUST.format }).default('json').meta({ description: 'Response format.' }),
    limit: digits(MUST.limit)
      .refine((n) => n >= 1, { error: MUST.limit })
      // Larger values are capped, not refused: a client asking for "everything" still works.
      .transform((n) => Math.min(n, PUBLIC_API_MAX_LIMIT))
      .default(PUBLIC_API_DEFAULT_LIMIT)
      .meta({
        description: `Entries per response, 1-${PUBLIC_API_MAX_LIMIT}; larger values are capped.`,
        default: String(PUBLIC_API_DEFAULT_LIMIT),
      }),
    offset: wholeNumber(MUST.offset)
      .refine((n) => n <= MAX_OFFSET_ROWS, { error: MUST.offset })
      .default(PUBLIC_API.defaultOffset)
      .meta({
        description: `Entries to skip, at most ${MAX_OFFSET_ROWS.toLocaleString('en-US')}: skipping reads every entry skipped. Use cursor (next_cursor) to page through the whole ledger.`,
        default: String(PUBLIC_API.defaultOffset),
      }),
    min_trust_level: wholeNumber(MUST.min_trust_level)
      .refine((n) => n <= TRUST_MAX, { error: MUST.min_trust_level })
      .default(TRUST_MIN)
      .meta({ description: 'Only works with a trust score of at least this value (0-100).', default: String(TRUST_MIN) }),
    tool_filter: z
      .string({ error: MUST.tool_filter })
      .trim()
      .max(LEDGER_QUERY_LIMITS.filter, { error: MUST.tool_filter })
      .optional()
      .meta({ description: 'Only works made with this AI tool (exact name, case-insensitive).' }),
    date_from: isoDateOrDateTime(MUST.date_from)
      .optional()
      .meta({ description: 'Only works registered at or after this ISO 8601 date or date-time (UTC).' }),
    date_to: isoDateOrDateTime(MUST.date_to)
      .optional()
      .meta({ description: 'Only works registered up to this ISO 8601 date (whole day) or date-time (UTC).' }),
    include_prompts: z
      .enum(['true', 'false'], { error: MUST.include_prompts })
      .default('false')
      .transform((v) => v === 'true')
      .meta({ description: 'Add prompts. Only prompts their artist made public are ever included.' }),
    training_allowed: z
      .literal('true', { error: MUST.training_allowed })
      .optional()
      .transform((v) => v === 'true')
      .meta({ description: "Only works whose artist allowed AI training ('true')." }),
    cursor: z
      .string({ error: MUST.cursor })
      .transform((value, ctx) => {
        const decoded = decodeCursor(value);
        if (decoded) return decoded;
        ctx.issues.push({ code: 'custom', message: MUST.cursor, input: value });
        return z.NEVER;
      })
      .optional()
      .meta({ description: 'Opaque paging token: the next_cursor of the previous response.' }),
  })
  .superRefine((q, ctx) => {
    if (q.cursor && q.offset > 0) {
      ctx.addIssue({ code: 'custom', path: ['offset'], message: MUST.offsetWithCursor });
    }
    if (q.date_from && q.date_to && toExclusiveEnd(q.date_to) <= q.date_from.at) {
      ctx.addIssue({ code: 'custom', path: ['date_to'], message: MUST.dateToBeforeFrom });
    }
  })
  .transform(({ date_from, date_to, tool_filter, ...rest }) => ({
    ...rest,
    // A filter of spaces only filters nothing.
    ...(tool_filter ? { tool_filter } : {}),
    /** Inclusive lower bound for created_at. */
    created_from: date_from?.at,
    /** Exclusive upper bound for created_at: a date means "to the end of that day (UTC)". */
    created_before: date_to ? toExclusiveEnd(date_to) : undefined,
  }));

function toExclusiveEnd(d: { isDateOnly: boolean; at: Date }): Date {
  return new Date(d.at.getTime() + (d.isDateOnly ? DAY_MS : 1));
}

/** The query, typed: what the route's handler receives after validation. */
export type PublicApiQuery = z.output<typeof publicApiQuerySchema>;

/** The public API's cleaning (see invalid-parameter.ts): values trimmed, the opaque cursor kept as sent. */
export const PUBLIC_API_QUERY_CLEANING: QueryCleaning = { trimExcept: ['cursor'] };

export type ParseResult = { ok: true; value: PublicApiQuery } | { ok: false; parameter: string; message: string };

/**
 * Validates a raw query object (as Fastify gives it) the way the route does. On failure the
 * message names the parameter: "Invalid parameter 'limit': must be a whole number from 1 to 1000".
 */
export function parsePublicApiQuery(query: Record<string, unknown>): ParseResult {
  const cleaned = cleanQuery(query, PUBLIC_API_QUERY_CLEANING);
  if (!cleaned.ok) return cleaned;
  const result = publicApiQuerySchema.safeParse(cleaned.value);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const parameter = String(issue.path[0] ?? 'query');
  return { ok: false, parameter, message: invalidParameterMessage(parameter, issue.message) };
}
