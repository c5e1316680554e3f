import { z } from 'zod';

/**
 * Keyset-pagination cursor of the public API: the (created_at, id) of the last row a client
 * received. The repository reads the next page as rows strictly after that pair in the
 * API's order (created_at DESC, id DESC), so new submissions never shift a page the way an
 * offset does. Clients treat the value as opaque: base64url of a small JSON object.
 */
export interface LedgerCursor {
  /** ISO 8601 timestamp as the database gave it; kept as text so microseconds survive. */
  created_at: string;
  /** The submission UUID (not the VW registry id): unique, so it breaks created_at ties. */
  id: string;
}

const cursorSchema = z.object({
  created_at: z.iso.datetime({ offset: true }),
  id: z.uuid(),
});

const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function encodeCursor(cursor: { created_at: string | Date; id: string }): string {
  const createdAt = cursor.created_at instanceof Date ? cursor.created_at.toISOString() : postgresTextToIso(cursor.created_at);
  const payload: LedgerCursor = { created_at: createdAt, id: cursor.id };
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

/**
 * PostgreSQL prints timestamptz as text like "2026-11-22 01:51:00.123456+00"; the ISO form
 * "2026-11-22T01:51:00.123456+00:00" is the same instant and keeps the microseconds that a
 * JS Date would drop (a cursor that loses them could skip or repeat rows).
 */
function postgresTextToIso(value: string): string {
  return value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
}

/** Returns null for anything that is not a cursor this API issued (never throws). */
export function decodeCursor(value: string): LedgerCursor | null {
  // Node's base64url decoder skips characters it does not know; check the alphabet first
  // so "not a cursor" is refused instead of half-decoded.
  if (!BASE64URL.test(value) || value.length > 512) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const result = cursorSchema.safeParse(parsed);
  return result.success ? { created_at: result.data.created_at, id: result.data.id } : null;
}
