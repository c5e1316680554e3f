// The reads behind the ledger's summary (ledger-summary.ts caches them per ledger version) and
// the filtered totals: grouped counts over the public rows (public_submissions only).
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { FilterOption } from '../../core/api-types';
import { LEGACY_PLATFORMS, VERIFIED_THRESHOLD } from '../../core/constants';
import { comparePlatforms } from '../../core/platforms';
import type { DB } from '../db/types';
import type { LedgerSummary } from './ledger-summary';

/**
 * The tag filter offers this many of the most used tags. Artists may coin any tag, so the whole
 * vocabulary could run to thousands; the search box still finds the rest.
 */
export const TAG_OPTIONS_MAX = 100;

/** The platform column as the filter sees it: legacy values under the choice they count as. */
function filterPlatformSql() {
  const legacy = Object.entries(LEGACY_PLATFORMS);
  if (legacy.length === 0) return sql<string>`platform`;
  const cases = sql.join(
    legacy.map(([stored, choice]) => sql`WHEN ${stored} THEN ${choice}`),
    sql` `,
  );
  return sql<string>`CASE platform ${cases} ELSE platform END`;
}

const byValue = (a: FilterOption, b: FilterOption) => a.value.localeCompare(b.value, 'en');

/** The figures, the platforms and the tags: three grouped reads of the public rows. */
export async function readLedgerSummary(db: Kysely<DB>): Promise<LedgerSummary> {
  const platform = filterPlatformSql();
  const [row, platformRows, tagRows] = await Promise.all([
    db
      .selectFrom('public_submissions')
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        eb.fn.countAll<string>().filterWhere('trust_meter', '>=', VERIFIED_THRESHOLD).as('verified'),
        sql<string[] | null>`array_agg(DISTINCT tool)`.as('tools'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('public_submissions')
      .select((eb) => [platform.as('value'), eb.fn.countAll<string>().as('n')])
      // By position: the CASE carries parameters, so a repeated expression would not match.
      .groupBy(sql`1`)
      .execute(),
    // unnest in a sub-select: one row per (work, tag), grouped by tag.
    db
      .selectFrom(sql<{ tag: string }>`(SELECT unnest(tags) AS tag FROM public_submissions)`.as('t'))
      .select((eb) => ['t.tag', eb.fn.countAll<string>().as('n')])
      .groupBy('t.tag')
      .orderBy('n', 'desc')
      .orderBy('t.tag')
      .limit(TAG_OPTIONS_MAX)
      .execute(),
  ]);
  const platforms = platformRows
    .map((r) => ({ value: r.value, count: Number(r.n) }))
    .sort((a, b) => comparePlatforms(a.value, b.value));
  const tags = tagRows.map((r) => ({ value: r.tag, count: Number(r.n) })).sort(byValue);
  return { publicTotal: Number(row.total), verified: Number(row.verified), toolsInLedger: row.tools ?? [], platforms, tags };
}

/** Public works matching a filter's conditions (a filtered total; the unfiltered one is the summary's). */
export async function countPublicWhere(db: Kysely<DB>, conditions: Expression<SqlBool>[]): Promise<number> {
  const row = await db
    .selectFrom('public_submissions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where((eb) => eb.and(conditions))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
