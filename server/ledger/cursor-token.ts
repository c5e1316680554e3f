// The one encoding of the ledger's opaque paging cursors (the public API's and the app's):
// base64url of a small JSON object, checked against a zod schema when read back. Clients treat
// the value as opaque; anything that is not a token this server issued decodes to null.
import type { z } from 'zod';

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Longer than any token the server issues; refused before decoding. */
const MAX_TOKEN_LENGTH = 512;

export function encodeCursorToken(payload: object): string {
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

/** The payload of a token, or null for anything else (never throws). */
export function decodeCursorToken<T>(value: string, schema: z.ZodType<T>): T | null {
  // Node's base64url decoder skips characters it does not know; check the alphabet first
  // so "not a cursor" is refused instead of half-decoded.
  if (!BASE64URL.test(value) || value.length > MAX_TOKEN_LENGTH) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const result = schema.safeParse(parsed);
  return result.success ? result.data : null;
}

/**
 * PostgreSQL prints timestamptz as text like "2026-11-22 01:51:00.123456+00"; the ISO form
 * "2026-11-22T01:51:00.123456+00:00" is the same instant and keeps the microseconds that a
 * JS Date would drop (a cursor that loses them could skip or repeat rows).
 */
export function postgresTextToIso(value: string): string {
  return value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
}
