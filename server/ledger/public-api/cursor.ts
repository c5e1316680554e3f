import { z } from 'zod';
import { decodeCursorToken, encodeCursorToken, postgresTextToIso } from '../cursor-token';

/**
 * Keyset-pagination cursor of the public API: the (created_at, id) of the last row a client
 * received. The repository reads the next page as rows strictly after that pair in the
 * API's order (created_at DESC, id DESC), so new submissions never shift a page the way an
 * offset does. Clients treat the value as opaque: base64url of a small JSON object (cursor-token.ts).
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

export function encodeCursor(cursor: { created_at: string | Date; id: string }): string {
  const createdAt = cursor.created_at instanceof Date ? cursor.created_at.toISOString() : postgresTextToIso(cursor.created_at);
  const payload: LedgerCursor = { created_at: createdAt, id: cursor.id };
  return encodeCursorToken(payload);
}

/** Returns null for anything that is not a cursor this API issued (never throws). */
export function decodeCursor(value: string): LedgerCursor | null {
  const decoded = decodeCursorToken(value, cursorSchema);
  return decoded ? { created_at: decoded.created_at, id: decoded.id } : null;
}
