// Pager arithmetic of every list: the ledger, the artist page and the admin lists. Pure, so it is
// unit-tested (tests/unit/web/pager.test.ts, admin-pager.test.ts). Each list chooses its numbered
// buttons here; components/pager/Pager.tsx draws them.
import { ADMIN_PAGER_NEIGHBOURS } from '#core/constants';

/** Number of pages for `total` rows; at least 1, so an empty list still reads 'Page 1 of 1'. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** 1-based positions of the first and last row on `page`, for 'Showing a-b of N'. Both 0 when nothing is shown. */
export function shownRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  const from = (page - 1) * pageSize + 1;
  if (total <= 0 || from > total) return { from: 0, to: 0 };
  return { from, to: Math.min(page * pageSize, total) };
}

/** docs/product.md §4: Next only when this page is full and more rows remain after it. */
export function hasNextPage(page: number, pageSize: number, total: number): boolean {
  return page * pageSize < total;
}

/**
 * The numbered buttons of a sliding pager: at most `maxButtons` consecutive pages, with the
 * current page centred where possible and the window pinned to the first or last page at the ends.
 * pageWindow(7, 10, 5) → [5, 6, 7, 8, 9]; pageWindow(1, 10, 5) → [1..5]; pageWindow(10, 10, 5) → [6..10].
 */
export function pageWindow(current: number, totalPages: number, maxButtons: number): number[] {
  if (totalPages < 1 || maxButtons < 1) return [];
  const count = Math.min(maxButtons, totalPages);
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), totalPages);
  const start = Math.min(Math.max(1, page - Math.floor((count - 1) / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** A page number from the URL: a whole number from 1, else 1. */
export function parsePage(value: string | null): number {
  if (!value || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** A numbered button of a pager, or the mark for pages left out between two. */
export type PagerButton = number | 'gap';

/** Sorted page numbers as buttons, with a gap wherever numbers are left out between two. */
function withGaps(pages: Set<number>): PagerButton[] {
  const sorted = [...pages].sort((a, b) => a - b);
  const buttons: PagerButton[] = [];
  for (const [i, n] of sorted.entries()) {
    if (i > 0 && n > sorted[i - 1] + 1) buttons.push('gap');
    buttons.push(n);
  }
  return buttons;
}

/**
 * The admin lists' buttons (docs/product.md §2): the first page, the last page and the pages within
 * `neighbours` of the current one, a gap for every hole. `current` outside 1..totalPages is clamped.
 * neighbourPageButtons(5, 10) → [1, 'gap', 4, 5, 6, 'gap', 10].
 */
export function neighbourPageButtons(current: number, totalPages: number, neighbours = ADMIN_PAGER_NEIGHBOURS): PagerButton[] {
  const last = Math.max(1, Math.floor(totalPages));
  const page = Math.min(Math.max(1, Math.floor(current)), last);
  const pages = new Set<number>([1, last]);
  for (let p = Math.max(1, page - neighbours); p <= Math.min(last, page + neighbours); p += 1) pages.add(p);
  return withGaps(pages);
}

/**
 * The ledger's numbered buttons, only for pages that are cheap to read by number: the first
 * `edge` pages, the last `edge` when the total is exact (read from the end, page-window.ts),
 * and the current page; the pages between are reached with Previous/Next (cursors). A gap
 * closes the list when the total is estimated, since more pages follow.
 * ledgerPageButtons(57, 834, true, 3) → [1, 2, 3, 'gap', 57, 'gap', 832, 833, 834].
 */
export function ledgerPageButtons(current: number, totalPages: number, totalExact: boolean, edge: number): PagerButton[] {
  const pages = new Set<number>();
  for (let n = 1; n <= Math.min(edge, totalPages); n++) pages.add(n);
  if (totalExact) for (let n = Math.max(1, totalPages - edge + 1); n <= totalPages; n++) pages.add(n);
  if (current >= 1) pages.add(current);
  const buttons = withGaps(pages);
  if (!totalExact) buttons.push('gap');
  return buttons;
}
