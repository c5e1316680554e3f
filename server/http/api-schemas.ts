// Building blocks of route schemas shared by every feature: the error body, per-status error
// responses, and the shapes of answers that are not JSON (images, text, feeds, streams). Each
// feature's schemas.ts composes its routes from these and from core's zod schemas.
import { z } from 'zod';
import { ERROR_CODE_LIST, ERROR_CODES, type ErrorCode } from '../../core/error-codes';

export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODE_LIST).describe('One of a closed list; clients branch on it.'),
      message: z.string().describe('A sentence for a person.'),
      title: z.string().optional().describe('A short title for a toast or dialog.'),
      fields: z.record(z.string(), z.string()).optional().describe('One message per invalid field.'),
    }),
  })
  .meta({ id: 'Error', description: 'The body of every error answer.' });

type ContentResponse = { description: string; content: Record<string, { schema: z.ZodType }> };

/**
 * The error answers a route can give, grouped by status: `errorResponses('not_found',
 * 'rate_limited')` → { 404: …, 429: … }, each described by the codes it may carry.
 */
export function errorResponses(...codes: ErrorCode[]): Record<number, ContentResponse> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, statusCodes]) => [
      status,
      {
        description: `Error: ${statusCodes.map((code) => `'${code}'`).join(' or ')}.`,
        content: { 'application/json': { schema: errorBodySchema } },
      },
    ]),
  );
}

/** A JSON answer (the default media type of a plain zod response schema is the same). */
export function jsonResponse(schema: z.ZodType, description: string, mediaType = 'application/json'): ContentResponse {
  return { description, content: { [mediaType]: { schema } } };
}

/** An answer in one or more non-JSON media types with a binary body (images, archives, PDF). */
export function binaryResponse(description: string, ...mediaTypes: string[]): ContentResponse {
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: z.any() }])) };
}

/** An answer in one or more textual media types (HTML, XML, CSV, text, event streams). */
export function textResponse(description: string, ...mediaTypes: string[]): ContentResponse {
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: z.string() }])) };
}

/**
 * 304 Not Modified: the If-None-Match ETag is current. No body: a null schema, because
 * @fastify/swagger cannot read a response with an empty `content` (it throws building the document).
 */
export const notModifiedResponse = { 304: z.null().describe('Not modified: the If-None-Match ETag is current.') } as const;
