// Words of the list pagers (docs/product.md §4 and SPEC 'Ledger': "Pager has Previous and Next
// and the text 'Showing a-b of N submissions'"), kept once for the web app and its tests.
export const PAGER_TEXT = {
  previous: 'Previous',
  next: 'Next',
  /** Accessible name of a numbered page button. */
  page: (n: number) => `Page ${n}`,
  /** Accessible name of the mark between numbered buttons that are not neighbours. */
  gap: 'More pages',
  showing: (from: number, to: number, total: string, noun: string) => `Showing ${from}-${to} of ${total} ${noun}`,
} as const;
