// Which page buttons the admin pager shows (docs/product.md §2): the first page, the last page and the
// pages within ADMIN_PAGER_NEIGHBOURS of the current one; every hole in between is one gap.
import { ADMIN_PAGER_NEIGHBOURS } from '#core/constants';

export type PagerItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/** Number of pages for `total` rows at `pageSize` per page (at least 1, so page 1 always exists). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * Pager buttons for page `current` of `totalPages`, in order, with one gap wherever pages are
 * left out. `current` outside 1..totalPages is clamped into it.
 */
export function adminPagerItems(current: number, totalPages: number, neighbours = ADMIN_PAGER_NEIGHBOURS): PagerItem[] {
  const last = Math.max(1, Math.floor(totalPages));
  const page = Math.min(Math.max(1, Math.floor(current)), last);
  const shown = new Set<number>([1, last]);
  for (let p = page - neighbours; p <= page + neighbours; p += 1) {
    if (p >= 1 && p <= last) shown.add(p);
  }
  const pages = [...shown].sort((a, b) => a - b);

  const items: PagerItem[] = [];
  pages.forEach((p, index) => {
    const previous = pages[index - 1];
    if (previous !== undefined && p - previous > 1) items.push({ kind: 'gap', key: `gap-${previous}-${p}` });
    items.push({ kind: 'page', page: p });
  });
  return items;
}
