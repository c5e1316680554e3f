// The ledger's view state (search, filters, sort, page or cursor) and its two spellings: the page's URL
// query, so a filtered view can be shared and reloaded, and the API query the server filters by
// (decision 0010). Pure functions, unit-tested in tests/unit/web/ledger-view.test.ts.
import type { DateFilter } from '#core/constants';
import { DEFAULT_LEDGER_SORT, isDateFilter, isLedgerSort, type LedgerSort } from '#core/tools';
import { parsePage } from '../pager/pagination';

export interface LedgerView {
  search: string;
  tool: string;
  platform: string;
  tag: string;
  /** '' = any time. */
  date: DateFilter | '';
  sort: LedgerSort;
  page: number;
  /**
   * A page reached with Previous/Next: the server's opaque next_cursor or prev_cursor, which
   * reads that page at the same cost at any depth. '' = the numbered `page`.
   */
  cursor: string;
}

export type LedgerFilterPatch = Partial<Omit<LedgerView, 'page' | 'cursor'>>;

export const DEFAULT_LEDGER_VIEW: LedgerView = {
  search: '',
  tool: '',
  platform: '',
  tag: '',
  date: '',
  sort: DEFAULT_LEDGER_SORT,
  page: 1,
  cursor: '',
};

/**
 * Reads the view from the page URL; unknown or malformed values fall back to the defaults. A
 * cursor is passed on as it is: the server refuses one that is not its own.
 */
export function readLedgerView(params: URLSearchParams): LedgerView {
  const date = params.get('date');
  const sort = params.get('sort');
  const cursor = params.get('cursor') ?? '';
  return {
    search: params.get('search') ?? '',
    tool: params.get('tool') ?? '',
    platform: params.get('platform') ?? '',
    tag: params.get('tag') ?? '',
    date: isDateFilter(date) ? date : '',
    sort: isLedgerSort(sort) ? sort : DEFAULT_LEDGER_SORT,
    page: cursor ? 1 : parsePage(params.get('page')),
    cursor,
  };
}

/** The URL query for a view; defaults are left out so the plain ledger stays at '/ledger'. */
export function ledgerUrlParams(view: LedgerView): URLSearchParams {
  const params = new URLSearchParams();
  const search = view.search.trim();
  if (search) params.set('search', search);
  if (view.tool) params.set('tool', view.tool);
  if (view.platform) params.set('platform', view.platform);
  if (view.tag) params.set('tag', view.tag);
  if (view.date) params.set('date', view.date);
  if (view.sort !== DEFAULT_LEDGER_SORT) params.set('sort', view.sort);
  if (view.cursor) params.set('cursor', view.cursor);
  else if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** GET path for the view: the same parameter names as the page URL (the API's contract). */
export function ledgerApiPath(view: LedgerView): string {
  const query = ledgerUrlParams(view).toString();
  return query ? `/api/ledger?${query}` : '/api/ledger';
}

/** docs/product.md §4: any change of search, a filter or the sort goes back to page 1 (a cursor belongs to its list). */
export function withFilters(view: LedgerView, patch: LedgerFilterPatch): LedgerView {
  return { ...view, ...patch, page: 1, cursor: '' };
}

/** A numbered page of the same list. */
export function atPage(view: LedgerView, page: number): LedgerView {
  return { ...view, page, cursor: '' };
}

/** The page a cursor of the current answer leads to. */
export function atCursor(view: LedgerView, cursor: string): LedgerView {
  return { ...view, page: 1, cursor };
}

/**
 * The empty state's 'Clear Filters': every filter and the search cleared, the sort back to the
 * default, page 1 (decision 0022; the original kept platform, tag and date, leaving people on an
 * empty result with no way out).
 */
/** Whether a search or a filter narrows the list (the sort does not). */
export function isFiltered(view: LedgerView): boolean {
  return view.search.trim() !== '' || view.tool !== '' || view.platform !== '' || view.tag !== '' || view.date !== '';
}

export function clearedFilters(): LedgerView {
  return { ...DEFAULT_LEDGER_VIEW };
}
