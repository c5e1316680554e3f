// Database reads of the public read API and the bulk dump. Reads the public_submissions view
// only, selecting exactly the columns a PublicApiRecord is built from (decision 0017).
import { expressionBuilder, sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/types';
import { countPublicWhere, publicWorkAfter, readCounter, type BoundedTotal } from './ledger-summary-repository';
import { encodeCursor, type LedgerCursor, type PublicApiQuery, type PublicSubmissionRow } from './public-api';
import { identitiesOfWorks, NO_IDENTITIES } from '../link-proofs/work-identities-repository';

const RECORD_COLUMNS = [
  'id',
  'registry_id',
  'title',
  'artist_name',
  'author_city',
  'author_state',
  'author_country',
  'prompt',
  'prompt_visibility',
  'tool',
  'platform',
  'verification_method',
  'trust_meter',
  'tags',
  'usage_type',
  'created_at',
  'image_url',
  'image_hash',
  'artwork_license',
  'allow_ai_training',
  'restrict_usage',
  'remix_allowed',
  'no_commercial',
  'sensitive_content',
  'must_give_credit',
  'log_index',
  'trust_rubric_version',
] as const satisfies readonly (keyof PublicSubmissionRow)[];

// created_at as text with all six fractional digits: a cursor built from a JS Date (milliseconds)
// could skip or repeat rows registered within the same millisecond.
export const createdAtText = sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type RecordRow = Omit<PublicSubmissionRow, 'identities'> & { created_at_text: string };

/**
 * The rows with their proven identities: one bounded query for the whole page or batch
 * (decision 0066), so an export never asks once per work.
 */
async function withIdentities<R extends Omit<PublicSubmissionRow, 'identities'>>(
  db: Kysely<DB>,
  rows: R[],
): Promise<(R & Pick<PublicSubmissionRow, 'identities'>)[]> {
  const identities = await identitiesOfWorks(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, identities: identities.get(row.id) ?? NO_IDENTITIES }));
}
type PublicQuery<O> = SelectQueryBuilder<DB, 'public_submissions', O>;

export type PublicApiFilters = Pick<
  PublicApiQuery,
  'min_trust_level' | 'tool_filter' | 'created_from' | 'created_before' | 'training_allowed'
>;

/** The API's filters as conditions; none when the question is about the whole ledger. */
function filterConditions(filters: PublicApiFilters): Expression<SqlBool>[] {
  const eb = expressionBuilder<DB, 'public_submissions'>();
  const conditions: Expression<SqlBool>[] = [];
  if (filters.min_trust_level > 0) conditions.push(eb('trust_meter', '>=', filters.min_trust_level));
  if (filters.tool_filter) conditions.push(sql<SqlBool>`lower(tool) = lower(${filters.tool_filter})`);
  if (filters.created_from) conditions.push(eb('created_at', '>=', filters.created_from));
  if (filters.created_before) conditions.push(eb('created_at', '<', filters.created_before));
  if (filters.training_allowed) conditions.push(eb('allow_ai_training', '=', true));
  return conditions;
}

/** Rows strictly after the cursor in the API's order (created_at DESC, id DESC). */
function afterCursor<O>(query: PublicQuery<O>, cursor: LedgerCursor | undefined): PublicQuery<O> {
  if (!cursor) return query;
  return query.where(sql<boolean>`(created_at, id) < (${cursor.created_at}::timestamptz, ${cursor.id}::uuid)`);
}

function selectRecords(db: Kysely<DB>) {
  return db
    .selectFrom('public_submissions')
    .select(RECORD_COLUMNS)
    .select(createdAtText.as('created_at_text'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
}

function cursorAfter(row: RecordRow): string {
  return encodeCursor({ created_at: row.created_at_text, id: row.id });
}

export interface PublicApiPage {
  rows: PublicSubmissionRow[];
  /** Entries matching the filters on all pages: exact up to the cap, estimated above. */
  total: BoundedTotal;
  /** Cursor to the page after this one, or null when this page reaches the end. */
  nextCursor: string | null;
}

/**
 * The total of a question: the whole ledger, one tool or the training filter alone are counter
 * rows (exact at any size); anything else is counted up to the cap.
 */
function filteredTotal(db: Kysely<DB>, filters: PublicApiFilters, conditions: Expression<SqlBool>[]): Promise<BoundedTotal> {
  const exact = async (n: Promise<number>): Promise<BoundedTotal> => ({ value: await n, exact: true });
  if (conditions.length === 0) return exact(readCounter(db, 'public'));
  if (conditions.length === 1 && filters.tool_filter) return exact(readCounter(db, 'tool', [filters.tool_filter], true));
  if (conditions.length === 1 && filters.training_allowed) return exact(readCounter(db, 'training'));
  return countPublicWhere(db, conditions);
}

/** Whether a public work registered after registry number `seq` matches the filters (a short index range). */
export function publicApiGainsWorkAfter(db: Kysely<DB>, filters: PublicApiFilters, seq: string): Promise<boolean> {
  return publicWorkAfter(db, seq, filterConditions(filters));
}

/** One page of answers and the total of the question. */
export async function readPublicApiPage(db: Kysely<DB>, query: PublicApiQuery): Promise<PublicApiPage> {
  const conditions = filterConditions(query);
  const [rows, total] = await Promise.all([publicApiPageQuery(db, query).execute(), filteredTotal(db, query, conditions)]);
  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  return { rows: await withIdentities(db, page), total, nextCursor: hasMore ? cursorAfter(page[page.length - 1]) : null };
}

/** The query of one page; one row more than asked tells whether another page follows. */
export function publicApiPageQuery(db: Kysely<DB>, query: PublicApiQuery) {
  const conditions = filterConditions(query);
  return afterCursor(
    selectRecords(db).where((eb) => eb.and(conditions)),
    query.cursor,
  )
    .limit(query.limit + 1)
    .offset(query.offset);
}

/**
 * Every public work, newest first, read in keyset batches so memory stays constant however
 * large the ledger is. The consumer pulls; a slow client slows the reads down.
 */
export async function* allPublicRows(db: Kysely<DB>, batchSize = 1000): AsyncGenerator<PublicSubmissionRow> {
  let cursor: LedgerCursor | undefined;
  for (;;) {
    const batch = await afterCursor(selectRecords(db), cursor).limit(batchSize).execute();
    yield* await withIdentities(db, batch);
    if (batch.length < batchSize) return;
    const last = batch[batch.length - 1];
    cursor = { created_at: last.created_at_text, id: last.id };
  }
}
