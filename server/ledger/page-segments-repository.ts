// Where a deep numbered page of the whole ledger starts, from the segment counts of migration 034
// (decision 0071): the page's first work falls in the segment whose running total (summed from
// the top of the list's order) first passes the works before the page, and the page is then read
// from that segment's upper key, as a cursor page is, with an OFFSET smaller than a segment (at
// most 1,000 works). The cost depends on the ledger's size, never on the page's number.
//
// Each process keeps each order's segments (one small row per 500 to 1,000 works: about 2,000 at
// a million) with their running totals, read again when the ledger's change stamps move, as the
// kept answers are (cached-answers.ts): a page then costs one binary search and one index range.
import { sql, type Kysely } from 'kysely';
import type { LedgerSort } from '../../core/tools';
import { currentLedgerStamps } from '../ledger-cache';
import type { DB } from '../db/types';
import type { CursorKey } from './ledger-cursor';

/** Each descending order and the segments that count it; 'oldest' is read as 'newest' reversed. */
export const SEGMENT_KIND: Record<Exclude<LedgerSort, 'oldest'>, 'time' | 'status' | 'links'> = {
  newest: 'time',
  status: 'status',
  'most-linked': 'links',
};

/** Pages whose OFFSET from the nearer end stays below a segment's size are read by OFFSET: no segments needed. */
export const SEGMENT_MAX_WORKS = 1000;

export interface SegmentStart {
  /** Read the works after this key in the descending order (null: from the top of the list). */
  after: CursorKey | null;
  /** Works to skip from there, fewer than SEGMENT_MAX_WORKS. */
  offset: number;
}

/** One order's segments from its top: each one's upper key (exclusive) and the works above its end. */
interface SegmentTable {
  upper: (CursorKey | null)[];
  through: number[];
}

/** The segments' own SQL: the bench's plain route leaves it out, as the app reads it only when the stamps move. */
export const SEGMENT_TABLE_MARK = 'FROM ledger_page_segments';

async function readSegmentTable(db: Kysely<DB>, sort: Exclude<LedgerSort, 'oldest'>): Promise<SegmentTable> {
  const { rows } = await sql<{ value: number; at: string; id: string; n: number }>`
    SELECT g.value, to_char(g.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, g.id, g.n
    ${sql.raw(SEGMENT_TABLE_MARK)} g
    WHERE g.kind = ${SEGMENT_KIND[sort]}
    ORDER BY g.value DESC, g.created_at DESC, g.id DESC`.execute(db);
  const table: SegmentTable = { upper: [], through: [] };
  let total = 0;
  rows.forEach((row, i) => {
    const above = rows[i - 1];
    table.upper.push(
      above ? { ...(sort === 'newest' ? {} : { value: Number(above.value) }), createdAt: above.at, id: above.id } : null,
    );
    total += Number(row.n);
    table.through.push(total);
  });
  return table;
}

const kept = new WeakMap<Kysely<DB>, Map<string, { stamp: string; table: Promise<SegmentTable> }>>();

async function segmentTable(db: Kysely<DB>, sort: Exclude<LedgerSort, 'oldest'>): Promise<SegmentTable> {
  const stamps = await currentLedgerStamps(db);
  const stamp = `${stamps.changes}/${stamps.additions}`;
  let tables = kept.get(db);
  if (!tables) kept.set(db, (tables = new Map()));
  const hit = tables.get(sort);
  if (hit?.stamp === stamp) return hit.table;
  const table = readSegmentTable(db, sort);
  tables.set(sort, { stamp, table });
  // A failed read is not kept: the next request reads again.
  table.catch(() => tables.delete(sort));
  return table;
}

/**
 * Where the work `skip` places below the top of the descending order `sort` lies, or null when the
 * list holds no more than `skip` public works.
 */
export async function segmentStart(db: Kysely<DB>, sort: Exclude<LedgerSort, 'oldest'>, skip: number): Promise<SegmentStart | null> {
  const { upper, through } = await segmentTable(db, sort);
  // The first segment whose running total passes `skip`.
  let low = 0;
  let high = through.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (through[mid] > skip) high = mid;
    else low = mid + 1;
  }
  if (low === through.length) return null;
  const before = low === 0 ? 0 : through[low - 1];
  return { after: upper[low], offset: skip - before };
}
