// The ledger's pager: 'Showing a-b of N submissions', Previous/Next following the server's
// cursors (any depth of a huge ledger at the cost of the first page), and numbered buttons for
// the pages that are cheap by number: the first few and, when the total is exact, the last few.
import { LEDGER_PAGER_EDGE_PAGES } from '#core/constants';
import { PAGER_TEXT } from '#core/pager-text';
import { Pager } from '../pager/Pager';
import { ledgerPageButtons, pageCount, shownRange } from '../pager/pagination';

export interface LedgerPagerProps {
  /** The answer's page number (for a cursor page, counted along the walk). */
  page: number;
  pageSize: number;
  total: number;
  totalExact: boolean;
  /** The total as shown, e.g. '10,000+' for an estimate. */
  totalLabel: string;
  nextCursor: string | null;
  prevCursor: string | null;
  onPageChange: (page: number) => void;
  onCursor: (cursor: string) => void;
}

export function LedgerPager(props: LedgerPagerProps) {
  const { page, pageSize, total, totalExact, nextCursor, prevCursor, onPageChange, onCursor } = props;
  const { from, to } = shownRange(page, pageSize, total);
  return (
    <Pager
      label="Ledger pages"
      summary={PAGER_TEXT.showing(from, to, props.totalLabel, { one: 'submission', many: 'submissions' })}
      page={page}
      buttons={ledgerPageButtons(page, pageCount(total, pageSize), totalExact, LEDGER_PAGER_EDGE_PAGES)}
      onPage={onPageChange}
      onPrevious={prevCursor ? () => onCursor(prevCursor) : undefined}
      onNext={nextCursor ? () => onCursor(nextCursor) : undefined}
    />
  );
}
