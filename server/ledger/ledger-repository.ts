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
import { DATE_FILTER_DAYS, FEATURED_COUNT, FEATURED_POOL, PAGE_SIZES, VERIFIED_THRESHOLD } from '../../core/constants';
import { storedPlatformsFor } from '../../core/platforms';
import { normaliseTag } from '../../core/tags';
import type { DB } from '../db/types';
import type { LedgerQueryParams } from './ledger-query';
import type { LedgerSummary } from './ledger-summary';
import { countPublicWhere, publicWorkAfter, readCounter, type BoundedTotal } from './ledger-summary-repository';
import { pageWindow, type PageWindow } from './page-window';
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
 * Sort orders. The original sorted 'most-linked' by date only (decision 0024); we sort it by the number of
 * verification resources (what the name promises), newest first among equals. Every order ends
 * with id so that equal keys still page deterministically.
 */
function applySort<O>(query: PublicQuery<O>, sort: LedgerQueryParams['sort'], reversed = false): PublicQuery<O> {
  // Every order runs one way on all its keys, so reversing it flips each key.
  const down = reversed ? 'asc' : 'desc';
  const up = reversed ? 'desc' : 'asc';
  switch (sort) {
    case 'oldest':
      return query.orderBy('created_at', up).orderBy('id', up);
    case 'status':
      return query.orderBy('trust_meter', down).orderBy('created_at', down).orderBy('id', down);
    case 'most-linked':
      return query.orderBy(resourceCount, down).orderBy('created_at', down).orderBy('id', down);
    case 'newest':
    default:
      return query.orderBy('created_at', down).orderBy('id', down);
  }
}

export interface LedgerPage {
  rows: WorkSummaryRow[];
  /** Works matching the search and filters, on all pages: exact up to the cap, estimated above. */
  total: BoundedTotal;
}

/**
 * The total of a filtered ledger: a single tool or platform filter is one of the counter rows
 * (exact at any size); anything else is counted up to the cap.
 */
function ledgerTotal(db: Kysely<DB>, params: LedgerQueryParams, conditions: Expression<SqlBool>[], summary: LedgerSummary) {
  const exact = async (n: Promise<number> | number): Promise<BoundedTotal> => ({ value: await n, exact: true });
  if (conditions.length === 0) return exact(summary.publicTotal);
  if (conditions.length === 1 && params.tool) return exact(readCounter(db, 'tool', [params.tool]));
  if (conditions.length === 1 && params.platform) return exact(readCounter(db, 'platform', storedPlatformsFor(params.platform)));
  return countPublicWhere(db, conditions);
}

/**
 * One page of the ledger. Without a search or filter the total is the summary's; with one, it
 * is counted with the same conditions, up to the cap (trigram and b-tree indexes, not a scan of
 * every row).
 */
export async function readLedgerPage(
  db: Kysely<DB>,
  params: LedgerQueryParams,
  now: Date,
  summary: LedgerSummary,
): Promise<LedgerPage> {
  const conditions = ledgerConditions(expressionBuilder<DB, 'public_submissions'>(), params, now);
  // The total first: it decides from which end the page is read (page-window.ts).
  const total = await ledgerTotal(db, params, conditions, summary);
  const window = pageWindow(params.page, PAGE_SIZES.ledger, total);
  const rows = await ledgerPageQuery(db, params, now, window).execute();
  return { rows: window.fromEnd ? rows.reverse() : rows, total };
}

/** The query of one ledger page (also what the index tests EXPLAIN); read from the start unless told otherwise. */
export function ledgerPageQuery(db: Kysely<DB>, params: LedgerQueryParams, now: Date, window?: PageWindow) {
  const pageSize = PAGE_SIZES.ledger;
  const { fromEnd, offset, limit } = window ?? { fromEnd: false, offset: (params.page - 1) * pageSize, limit: pageSize };
  const conditions = ledgerConditions(expressionBuilder<DB, 'public_submissions'>(), params, now);
  return applySort(
    db
      .selectFrom('public_submissions')
      .select(WORK_SUMMARY_COLUMNS)
      .where((eb) => eb.and(conditions)),
    params.sort,
    fromEnd,
  )
    .limit(limit)
    .offset(offset);
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
