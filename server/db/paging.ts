// One page of a filtered list, shared by the admin lists and the audit log: the search as a
// case-insensitive "contains" over a few columns that treats the user's % and _ as plain
// characters, and one page of rows fetched together with the total over the same filter.
import type { ReferenceExpression, SelectQueryBuilder } from 'kysely';

/** '%term%' for ILIKE, with the user's backslash, % and _ escaped (PostgreSQL's default escape is \). */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/** Keeps the rows where any of `columns` contains `search` (ILIKE); no search keeps them all. */
export function whereAnyContains<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: readonly ReferenceExpression<DB, TB>[],
  search: string | undefined,
): SelectQueryBuilder<DB, TB, O> {
  if (!search) return query;
  const pattern = containsPattern(search);
  return query.where((eb) => eb.or(columns.map((column) => eb(column, 'ilike', pattern))));
}

/**
 * Page `page` of an already filtered, selected and ordered query, and the number of rows the
 * filter matches (the same query without its columns and order, so both always agree).
 */
export async function pageWithTotal<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: number,
  pageSize: number,
): Promise<{ rows: O[]; total: number }> {
  const [rows, count] = await Promise.all([
    query.limit(pageSize).offset(offsetOf(page, pageSize)).execute(),
    query
      .clearSelect()
      .clearOrderBy()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      // The selection's type cannot be resolved for a generic table; this is its exact shape.
      .$castTo<{ n: string }>()
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
