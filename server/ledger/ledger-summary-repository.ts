// The reads behind the ledger's figures and the filtered totals. The figures come from the
// counter rows that migration 008's trigger keeps in each writer's transaction, so no request
// counts the public rows; a filtered total is counted over the public rows only up to
// LEDGER_EXACT_TOTAL_CAP, and estimated by the planner above it.
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { FilterOption } from '../../core/api-types';
import { LEDGER_EXACT_TOTAL_CAP } from '../../core/constants';
import { comparePlatforms, filterPlatform } from '../../core/platforms';
import type { DB } from '../db/types';
import type { LedgerSummary } from './ledger-summary';
import { type CounterKind } from '../db/ledger-counters-repository';

export { readCounter, type CounterKind } from '../db/ledger-counters-repository';

/**
 * The tag filter offers this many of the most used tags. Artists may coin any tag, so the whole
 * vocabulary could run to thousands; the search box still finds the rest.
 */
export const TAG_OPTIONS_MAX = 100;

/** A total and whether it was counted exactly (false: an estimate above LEDGER_EXACT_TOTAL_CAP). */
export interface BoundedTotal {
  value: number;
  exact: boolean;
}

const byName = new Intl.Collator('en').compare;
const byValue = (a: FilterOption, b: FilterOption) => byName(a.value, b.value);

interface CounterRow {
  kind: CounterKind;
  value: string;
  n: string;
}

/** The figures, platforms and the most used tags: two small reads of the counter rows. */
export async function readLedgerSummary(db: Kysely<DB>): Promise<LedgerSummary> {
  const [figures, tagRows] = await Promise.all([
    sql<CounterRow>`
      SELECT kind, value, n FROM ledger_counters
      WHERE kind IN ('public', 'public_verified', 'tool', 'platform') AND n > 0`.execute(db),
    sql<CounterRow>`
      SELECT kind, value, n FROM ledger_counters WHERE kind = 'tag' AND n > 0
      ORDER BY n DESC, value LIMIT ${TAG_OPTIONS_MAX}`.execute(db),
  ]);
  let publicTotal = 0;
  let verified = 0;
  const toolsInLedger: string[] = [];
  // Legacy stored platforms ('Web Browser') count under the choice they stand for ('Web').
  const platformCounts = new Map<string, number>();
  for (const row of figures.rows) {
    const n = Number(row.n);
    if (row.kind === 'public') publicTotal = n;
    else if (row.kind === 'public_verified') verified = n;
    else if (row.kind === 'tool') toolsInLedger.push(row.value);
    else if (row.kind === 'platform') {
      const choice = filterPlatform(row.value);
      platformCounts.set(choice, (platformCounts.get(choice) ?? 0) + n);
    }
  }
  const platforms = [...platformCounts].map(([value, count]) => ({ value, count })).sort((a, b) => comparePlatforms(a.value, b.value));
  const tags = tagRows.rows.map((r) => ({ value: r.value, count: Number(r.n) })).sort(byValue);
  return { publicTotal, verified, toolsInLedger: toolsInLedger.sort(), platforms, tags };
}

/**
 * Public works matching a filter's conditions: counted exactly up to LEDGER_EXACT_TOTAL_CAP (the
 * count stops there, so it never reads more than that many index entries), and above it the
 * planner's estimate, never less than the cap + 1.
 */
export async function countPublicWhere(db: Kysely<DB>, conditions: Expression<SqlBool>[]): Promise<BoundedTotal> {
  const matching = db
    .selectFrom('public_submissions')
    .select(sql<number>`1`.as('one'))
    .where((eb) => eb.and(conditions));
  const row = await db
    .selectFrom(matching.limit(LEDGER_EXACT_TOTAL_CAP + 1).as('m'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const counted = Number(row.n);
  if (counted <= LEDGER_EXACT_TOTAL_CAP) return { value: counted, exact: true };
  const plan = await matching.explain('json');
  return { value: Math.max(LEDGER_EXACT_TOTAL_CAP + 1, planRows(plan)), exact: false };
}

/** The top node's row estimate from EXPLAIN (FORMAT JSON); drivers give the plan as text or parsed. */
function planRows(explained: readonly Record<string, unknown>[]): number {
  const raw = explained[0]?.['QUERY PLAN'];
  const parsed: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  const rows = (parsed as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
}

/**
 * Whether a public work with a registry number above `seq` meets the conditions: the cache's
 * check after registrations (cached-answers.ts), reading the few newest rows by the unique index.
 */
export async function publicWorkAfter(db: Kysely<DB>, seq: string, conditions: Expression<SqlBool>[]): Promise<boolean> {
  // The cache asks only once the `additions` stamp has moved, which it does only when a public
  // work was registered after `seq` was read: with no filter, that work is in the list.
  if (conditions.length === 0) return true;
  const row = await db
    .selectFrom('public_submissions')
    .select(sql<number>`1`.as('one'))
    .where(sql<SqlBool>`registry_seq > ${seq}::bigint`)
    .where((eb) => eb.and(conditions))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a public work of `artistName` was registered after `seq` (the artist page's kept answers). */
export function publicWorkOfArtistAfter(db: Kysely<DB>, seq: string, artistName: string): Promise<boolean> {
  return publicWorkAfter(db, seq, [sql<SqlBool>`artist_name = ${artistName}`]);
}
