// Database reads behind the ledger page, the artist page and the home page's featured list.
// Every query reads the public_submissions view only (decision 0017).
import crypto from 'node:crypto';
import {
  expressionBuilder,
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { invalidParameter } from '../../core/app-error';
import {
  DATE_FILTER_DAYS,
  FEATURED_COUNT,
  FEATURED_POOL,
  MAX_OFFSET_ROWS,
  PAGE_SIZES,
  VERIFIED_THRESHOLD,
} from '../../core/constants';
import { storedPlatformsFor } from '../../core/platforms';
import type { LedgerSort } from '../../core/tools';
import { normaliseTag } from '../../core/tags';
import type { DB } from '../db/types';
import { LEDGER_PARAMETER_RULES, type LedgerQueryParams } from './ledger-query';
import { invalidParameterMessage } from './invalid-parameter';
import type { LedgerSummary } from './ledger-summary';
import { countPublicWhere, publicWorkAfter, readCounter, type BoundedTotal } from './ledger-summary-repository';
import type { CursorDirection, CursorKey, LedgerCursor } from './ledger-cursor';
import { createdAtText } from './public-api-repository';
import { pageWindow, type PageWindow } from './page-window';
import { SEGMENT_MAX_WORKS, segmentStart } from './page-segments-repository';
import { WORK_SUMMARY_COLUMNS, type WorkSummaryRow } from '../works/work-summary';

type PublicQuery<O> = SelectQueryBuilder<DB, 'public_submissions', O>;
type PublicEb = ExpressionBuilder<DB, 'public_submissions'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** More words than this in one search add nothing but cost; the rest are ignored. */
const MAX_SEARCH_WORDS = 8;

/** LIKE treats % and _ as wildcards and \ as the escape: a searched '%' must mean a percent sign. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Search words, lower-cased like search_text. Words are AND-ed: 'fog lighthouse' finds 'Lighthouse in fog'. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
}

const REGISTRY_ID = /^VW-\d{4}-\d{6,}$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A search that is exactly one registry number or UUID names one work: it is looked up by the
 * unique index instead of the trigram search (same answer: the ids are part of search_text, and
 * no other work's text holds a whole registry number or UUID in practice).
 */
export function exactReference(search: string | undefined): { column: 'id' | 'registry_id'; value: string } | null {
  const text = (search ?? '').trim();
  if (REGISTRY_ID.test(text)) return { column: 'registry_id', value: text.toUpperCase() };
  if (UUID.test(text)) return { column: 'id', value: text.toLowerCase() };
  return null;
}

/** The ledger's search and filters as conditions, usable in WHERE and in an aggregate's FILTER. */
function ledgerConditions(eb: PublicEb, params: LedgerQueryParams, now: Date): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  // Decision 0010: the search runs here, over every row, not over the page the browser holds.
  // search_text is lower-cased and trigram-indexed, so '%word%' does not need a full scan.
  const exact = exactReference(params.search);
  if (exact) conditions.push(exact.column === 'id' ? eb('id', '=', exact.value) : eb('registry_id', '=', exact.value));
  else for (const word of searchWords(params.search)) conditions.push(eb('search_text', 'like', `%${escapeLike(word)}%`));
  if (params.tool) conditions.push(eb('tool', '=', params.tool));
  // 'Web' also finds the works stored as 'Web Browser' before artists could choose (decision 0021).
  if (params.platform) conditions.push(eb('platform', 'in', storedPlatformsFor(params.platform)));
  // The tag as given or in its stored form ('Portrait' finds 'portrait'); && uses the GIN index.
  if (params.tag) conditions.push(sql<SqlBool>`tags && ARRAY[${params.tag}, ${normaliseTag(params.tag)}]::text[]`);
  if (params.date) conditions.push(eb('created_at', '>=', new Date(now.getTime() - DATE_FILTER_DAYS[params.date] * DAY_MS)));
  return conditions;
}

// Number of verification resources; the column is a JSON array, but a stray non-array counts as 0.
const resourceCount = sql<number>`CASE WHEN jsonb_typeof(verification_resources) = 'array' THEN jsonb_array_length(verification_resources) ELSE 0 END`;

/**
 * Sort orders, each with an index over its keys (migrations 001 and 008). The original sorted
 * 'most-linked' by date only (decision 0024); we sort it by the number of verification
 * resources (what the name promises), newest first among equals. Every order ends with
 * created_at and id, so equal keys still page deterministically and a cursor (ledger-cursor.ts)
 * names one place in it. Every order runs one way on all its keys: reversing it flips each key,
 * and a cursor compares all keys at once as a row, which its index reads as one range.
 */
const SORTS: Record<LedgerSort, { descending: boolean; value?: Expression<number> }> = {
  newest: { descending: true },
  oldest: { descending: false },
  status: { descending: true, value: sql.ref<number>('trust_meter') },
  'most-linked': { descending: true, value: resourceCount },
};

function sortKeys(sort: LedgerSort): Expression<unknown>[] {
  const { value } = SORTS[sort];
  return [...(value ? [value] : []), sql.ref('created_at'), sql.ref('id')];
}

function applySort<O>(query: PublicQuery<O>, sort: LedgerSort, reversed = false): PublicQuery<O> {
  const direction = SORTS[sort].descending !== reversed ? 'desc' : 'asc';
  let sorted = query;
  for (const key of sortKeys(sort)) sorted = sorted.orderBy(key, direction);
  return sorted;
}

/** The rows after `key` in the list's order ('next'), or before it ('prev'). */
function beyondKey(sort: LedgerSort, key: CursorKey, direction: CursorDirection): Expression<SqlBool> {
  const towardsEnd = SORTS[sort].descending ? '<' : '>';
  const op = direction === 'next' ? towardsEnd : towardsEnd === '<' ? '>' : '<';
  const values = [
    ...(SORTS[sort].value ? [sql`${key.value ?? 0}::int`] : []),
    sql`${key.createdAt}::timestamptz`,
    sql`${key.id}::uuid`,
  ];
  return sql<SqlBool>`(${sql.join(sortKeys(sort))}) ${sql.raw(op)} (${sql.join(values)})`;
}

/** The cursor key of a row in `sort`'s order. */
function keyOf(row: LedgerRow, sort: LedgerSort): CursorKey {
  const value = sort === 'status' ? Number(row.trust_meter) : sort === 'most-linked' ? Number(row.link_count) : undefined;
  return { ...(value === undefined ? {} : { value }), createdAt: row.cursor_at, id: row.id };
}

/** A ledger row with what its cursor is made of. */
type LedgerRow = WorkSummaryRow & { cursor_at: string; link_count: number };

export interface LedgerPage {
  rows: WorkSummaryRow[];
  /** Works matching the search and filters, on all pages: exact up to the cap, estimated above. */
  total: BoundedTotal;
  /**
   * The page's number: as asked, or for a cursor page counted along the walk from the first or
   * last page (works registered or removed meanwhile can make it drift; 1 means the start).
   */
  page: number;
  /** Where the previous page ends (this page's first row); null at the start. */
  before: CursorKey | null;
  /** Where the next page starts (after this page's last row); null at the end. */
  after: CursorKey | null;
}

/**
 * The total of a filtered ledger: a single tool or platform filter is one of the counter rows
 * (exact at any size); anything else is counted up to the cap.
 */
function ledgerTotal(
  db: Kysely<DB>,
  params: LedgerQueryParams,
  conditions: Expression<SqlBool>[],
  summary: LedgerSummary | Promise<LedgerSummary>,
) {
  const exact = async (n: Promise<number> | number): Promise<BoundedTotal> => ({ value: await n, exact: true });
  if (conditions.length === 0) return exact(Promise.resolve(summary).then((s) => s.publicTotal));
  if (conditions.length === 1 && params.tool) return exact(readCounter(db, 'tool', [params.tool]));
  if (conditions.length === 1 && params.platform) return exact(readCounter(db, 'platform', storedPlatformsFor(params.platform)));
  return countPublicWhere(db, conditions);
}

/**
 * One page of the ledger, by number or from a cursor. Without a search or filter the total is
 * the summary's; with one, it is counted with the same conditions, up to the cap (trigram and
 * b-tree indexes, not a scan of every row). The summary may still be on its way: a first or
 * cursor page is read meanwhile.
 */
export async function readLedgerPage(
  db: Kysely<DB>,
  params: LedgerQueryParams,
  now: Date,
  summary: LedgerSummary | Promise<LedgerSummary>,
): Promise<LedgerPage> {
  const conditions = ledgerConditions(expressionBuilder<DB, 'public_submissions'>(), params, now);
  const total = ledgerTotal(db, params, conditions, summary);
  // Page 1 and cursor pages are read the same whatever the total, side by side with counting it;
  // any other numbered page's total decides from which end it is read (page-window.ts).
  if (params.cursor) return readFromCursor(db, { ...params, cursor: params.cursor }, now, total);
  if (params.page === 1) return readFirstPage(db, params, now, total);
  return readNumberedPage(db, params, now, await total);
}

async function readFirstPage(
  db: Kysely<DB>,
  params: LedgerQueryParams,
  now: Date,
  counting: Promise<BoundedTotal>,
): Promise<LedgerPage> {
  const pageSize = PAGE_SIZES.ledger;
  const [total, read] = await Promise.all([
    counting,
    ledgerPageQuery(db, params, now, { fromEnd: false, offset: 0, limit: pageSize + 1 }).execute(),
  ]);
  return edges(read.slice(0, pageSize), params.sort, { total, page: 1, hasPrev: false, hasNext: read.length > pageSize });
}

async function readNumberedPage(db: Kysely<DB>, params: LedgerQueryParams, now: Date, total: BoundedTotal): Promise<LedgerPage> {
  const pageSize = PAGE_SIZES.ledger;
  const window = pageWindow(params.page, pageSize, total);
  if (window === 'past the end') return edges([], params.sort, { total, page: params.page, hasPrev: params.page > 1, hasNext: false });
  // The whole ledger keeps segment counts: a deep page of it costs what a shallow one does.
  if (
    window.offset >= SEGMENT_MAX_WORKS &&
    total.exact &&
    ledgerConditions(expressionBuilder<DB, 'public_submissions'>(), params, now).length === 0
  )
    return readSegmentedPage(db, params, total.value);
  if (window.offset > MAX_OFFSET_ROWS) throw invalidParameter(invalidParameterMessage('page', LEDGER_PARAMETER_RULES.pageTooDeep));
  // Read from the start, one row more tells whether a next page follows; from the end the exact total tells.
  const read = await ledgerPageQuery(db, params, now, window.fromEnd ? window : { ...window, limit: pageSize + 1 }).execute();
  const rows = window.fromEnd ? read.reverse() : read.slice(0, pageSize);
  const hasNext = window.fromEnd ? (params.page - 1) * pageSize + rows.length < total.value : read.length > pageSize;
  return edges(rows, params.sort, { total, page: params.page, hasPrev: params.page > 1, hasNext });
}

/** A numbered page of the unfiltered ledger, placed by the segment counts (page-segments-repository.ts). */
async function readSegmentedPage(db: Kysely<DB>, params: LedgerQueryParams, total: number): Promise<LedgerPage> {
  const pageSize = PAGE_SIZES.ledger;
  const start = (params.page - 1) * pageSize;
  // 'oldest' is 'newest' read from the other end: its page is the mirrored window, reversed.
  const ascending = params.sort === 'oldest';
  const descendingSort = params.sort === 'oldest' ? 'newest' : params.sort;
  const limit = ascending ? Math.min(pageSize, total - start) : pageSize;
  const place = await segmentStart(db, descendingSort, ascending ? total - start - limit : start);
  let rows: LedgerRow[] = [];
  if (place) {
    const conditions = place.after ? [beyondKey(descendingSort, place.after, 'next')] : [];
    const read = await applySort(selectLedgerRows(db, conditions), descendingSort).offset(place.offset).limit(limit).execute();
    rows = ascending ? read.reverse() : read;
  }
  return edges(rows, params.sort, {
    total: { value: total, exact: true },
    page: params.page,
    hasPrev: true,
    hasNext: start + rows.length < total,
  });
}

async function readFromCursor(
  db: Kysely<DB>,
  params: LedgerQueryParams & { cursor: LedgerCursor },
  now: Date,
  counting: Promise<BoundedTotal>,
): Promise<LedgerPage> {
  const pageSize = PAGE_SIZES.ledger;
  const { cursor } = params;
  const [total, read] = await Promise.all([counting, ledgerCursorPageQuery(db, params, now).execute()]);
  const more = read.length > pageSize;
  const rows = read.slice(0, pageSize);
  if (cursor.direction === 'next') {
    return edges(rows, params.sort, { total, page: cursor.page + 1, hasPrev: true, hasNext: more });
  }
  // Fewer rows than a page before the cursor: the walk back reached the start, which is page 1
  // (a full one, as a reader going back expects, even if works before the cursor were removed).
  if (!more && rows.length < pageSize)
    return readFirstPage(db, { ...params, cursor: undefined, page: 1 }, now, Promise.resolve(total));
  return edges(rows.reverse(), params.sort, { total, page: more ? Math.max(2, cursor.page - 1) : 1, hasPrev: more, hasNext: true });
}

function edges(
  rows: LedgerRow[],
  sort: LedgerSort,
  page: { total: BoundedTotal; page: number; hasPrev: boolean; hasNext: boolean },
): LedgerPage {
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    rows,
    total: page.total,
    page: page.page,
    before: page.hasPrev && first ? keyOf(first, sort) : null,
    after: page.hasNext && last ? keyOf(last, sort) : null,
  };
}

function selectLedgerRows(db: Kysely<DB>, conditions: Expression<SqlBool>[]) {
  return db
    .selectFrom('public_submissions')
    .select(WORK_SUMMARY_COLUMNS)
    .select([createdAtText.as('cursor_at'), resourceCount.as('link_count')])
    .where((eb) => eb.and(conditions));
}

/** The query of one numbered ledger page (also what the index tests EXPLAIN); read from the start unless told otherwise. */
export function ledgerPageQuery(db: Kysely<DB>, params: LedgerQueryParams, now: Date, window?: PageWindow) {
  const pageSize = PAGE_SIZES.ledger;
  const { fromEnd, offset, limit } = window ?? { fromEnd: false, offset: (params.page - 1) * pageSize, limit: pageSize };
  const conditions = ledgerConditions(expressionBuilder<DB, 'public_submissions'>(), params, now);
  return applySort(selectLedgerRows(db, conditions), params.sort, fromEnd).limit(limit).offset(offset);
}

/**
 * The query of a cursor page, in reading order (backwards for 'prev'): one index range from the
 * cursor's row, no OFFSET, one row more than a page to tell whether another follows.
 */
export function ledgerCursorPageQuery(db: Kysely<DB>, params: LedgerQueryParams & { cursor: LedgerCursor }, now: Date) {
  const { cursor } = params;
  const conditions = ledgerConditions(expressionBuilder<DB, 'public_submissions'>(), params, now);
  conditions.push(beyondKey(params.sort, cursor.key, cursor.direction));
  return applySort(selectLedgerRows(db, conditions), params.sort, cursor.direction === 'prev').limit(PAGE_SIZES.ledger + 1);
}

/** Whether a public work registered after registry number `seq` matches the search and filters (a short index range). */
export async function ledgerGainsWorkAfter(db: Kysely<DB>, params: LedgerQueryParams, now: Date, seq: string): Promise<boolean> {
  const conditions = ledgerConditions(expressionBuilder<DB, 'public_submissions'>(), params, now);
  return publicWorkAfter(db, seq, conditions);
}

/** Home page: FEATURED_COUNT random works out of the newest FEATURED_POOL scoring >= 62 (docs/product.md §2). */
/** The works the home page picks from: the newest public ones at or above the threshold. */
export async function readFeaturedPool(db: Kysely<DB>): Promise<WorkSummaryRow[]> {
  return db
    .selectFrom('public_submissions')
    .select(WORK_SUMMARY_COLUMNS)
    .where('trust_meter', '>=', VERIFIED_THRESHOLD)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(FEATURED_POOL)
    .execute();
}

/** A fresh random pick of the featured count from the pool. */
export function pickFeatured(pool: readonly WorkSummaryRow[]): WorkSummaryRow[] {
  return shuffle(pool).slice(0, FEATURED_COUNT);
}

/** Fisher-Yates with an unbiased random index. */
function shuffle<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
