// Display formats used on cards and in Quick View. English throughout, like the rest of the UI.
import { LEDGER_EXACT_TOTAL_CAP } from '#core/constants';

/** In-app path of an artist page; the name is URL-encoded (docs/product.md §2). */
export function artistPath(artistName: string): string {
  return `/artist/${encodeURIComponent(artistName)}`;
}

/** The first `limit` items and how many are left over, for 'tag tag tag +N'. */
export function firstWithRest<T>(items: readonly T[], limit: number): { shown: T[]; rest: number } {
  return { shown: items.slice(0, limit), rest: Math.max(0, items.length - limit) };
}

/** A list total as shown: the count when exact, '10,000+' when the server could only estimate it. */
export function formatTotal(total: number, exact: boolean): string {
  return exact ? String(total) : `${LEDGER_EXACT_TOTAL_CAP.toLocaleString('en-US')}+`;
}
