// Words of the one pager of every list (web/src/components/pager/Pager.tsx; docs/product.md §4 and
// SPEC 'Ledger': "Pager has Previous and Next and the text 'Showing a-b of N submissions'"), kept
// once for the web app and its tests.
export const PAGER_TEXT = {
  previous: 'Previous',
  next: 'Next',
  /** Accessible name of a numbered page button. */
  page: (n: number) => `Page ${n}`,
  /** Accessible name of the mark between numbered buttons that are not neighbours. */
  gap: 'More pages',
  /**
   * 'Showing 1-12 of 30 submissions'; one row reads 'Showing 1 of 1 submission' (issue 35). The
   * admin lists name no noun: 'Showing 26-50 of 140'.
   */
  showing: (from: number, to: number, total: string, noun?: { one: string; many: string }) =>
    `Showing ${from === to ? from : `${from}-${to}`} of ${total}${noun ? ` ${total === '1' ? noun.one : noun.many}` : ''}`,
} as const;
