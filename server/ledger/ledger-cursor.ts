// Keyset cursors of the app's ledger (GET /api/ledger): where the next or previous page starts.
// A cursor holds the sort keys of the row at a page's edge (the sort's own value, created_at,
// id) and the direction to read from it, so any page costs one index range read, however deep
// (an OFFSET page reads every row before it). It is bound to the sort, search and filters it
// was issued for: the same key means another place in another list. Encoded like the public
// API's cursor (cursor-token.ts); clients treat it as opaque.
import crypto from 'node:crypto';
import { z } from 'zod';
import { LEDGER_SORTS, type LedgerSort } from '../../core/tools';
import { decodeCursorToken, encodeCursorToken, postgresTextToIso } from './cursor-token';

export type CursorDirection = 'next' | 'prev';

/** The row a cursor reads from: its keys in the sort's order. */
export interface CursorKey {
  /** The sort's own value for 'status' (trust score) and 'most-linked' (resources); absent for the time orders. */
  value?: number;
  /** ISO 8601 with microseconds, as the database gave it. */
  createdAt: string;
  id: string;
}

export interface LedgerCursor {
  sort: LedgerSort;
  /** filterFingerprint() of the list the cursor was issued for. */
  filters: string;
  /** 'next': the rows after `key` in the list's order; 'prev': the rows before it. */
  direction: CursorDirection;
  /** The number of the page the cursor was issued on (the page read is one after or before). */
  page: number;
  key: CursorKey;
}

/** The sorts whose first key is a number of their own (the time orders sort by created_at alone). */
export function sortHasValue(sort: LedgerSort): boolean {
  return sort === 'status' || sort === 'most-linked';
}

const payloadSchema = z
  .object({
    sort: z.enum(LEDGER_SORTS),
    filters: z.string().regex(/^[A-Za-z0-9_-]{16}$/),
    dir: z.enum(['next', 'prev']),
    page: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    at: z.iso.datetime({ offset: true }),
    id: z.uuid(),
    value: z.number().int().min(0).max(2_147_483_647).optional(),
  })
  .strict()
  .refine((p) => sortHasValue(p.sort) === (p.value !== undefined));

/**
 * A short digest of the search and filters, so a cursor handed to another list is recognised
 * and refused instead of silently starting somewhere unrelated.
 */
export function filterFingerprint(filters: {
  search?: string;
  tool?: string;
  platform?: string;
  tag?: string;
  date?: string;
}): string {
  const text = JSON.stringify([
    filters.search ?? '',
    filters.tool ?? '',
    filters.platform ?? '',
    filters.tag ?? '',
    filters.date ?? '',
  ]);
  return crypto.createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

export function encodeLedgerCursor(cursor: LedgerCursor): string {
  const { key } = cursor;
  return encodeCursorToken({
    sort: cursor.sort,
    filters: cursor.filters,
    dir: cursor.direction,
    page: cursor.page,
    at: postgresTextToIso(key.createdAt),
    id: key.id,
    ...(key.value === undefined ? {} : { value: key.value }),
  });
}

/** The cursor, or null for anything this server did not issue (never throws). */
export function decodeLedgerCursor(value: string): LedgerCursor | null {
  const payload = decodeCursorToken(value, payloadSchema);
  if (!payload) return null;
  return {
    sort: payload.sort,
    filters: payload.filters,
    direction: payload.dir,
    page: payload.page,
    key: { ...(payload.value === undefined ? {} : { value: payload.value }), createdAt: payload.at, id: payload.id },
  };
}
