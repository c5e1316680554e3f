// Which rows one numbered ledger page reads. OFFSET reads and throws away every row it skips, so
// page n costs n pages. When the total is exactly known, a page in the second half is read from
// the other end (the sort reversed, the rows reversed back): the last page then costs what the
// first does, and no page skips more than half the ledger. An estimated total (above the exact
// cap) cannot place a page from the end, so such pages are read from the start.

export interface PageWindow {
  /** Read with the sort reversed, then reverse the rows. */
  fromEnd: boolean;
  offset: number;
  limit: number;
}

/**
 * The rows page `page` reads, or 'past the end' when an exact total shows it holds none (then
 * nothing need be read: an OFFSET past the end would still read every row of the list).
 */
export function pageWindow(page: number, pageSize: number, total: { value: number; exact: boolean }): PageWindow | 'past the end' {
  const start = (page - 1) * pageSize;
  const forward = { fromEnd: false, offset: start, limit: pageSize };
  if (total.exact && start >= total.value) return 'past the end';
  if (!total.exact || start * 2 < total.value) return forward;
  const limit = Math.min(pageSize, total.value - start);
  return { fromEnd: true, offset: total.value - start - limit, limit };
}
