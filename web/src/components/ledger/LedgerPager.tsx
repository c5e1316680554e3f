// The ledger's pager: 'Showing a-b of N submissions', Previous/Next following the server's
// cursors (any depth of a huge ledger at the cost of the first page), and numbered buttons for
// the pages that are cheap by number: the first few and, when the total is exact, the last few.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { LEDGER_PAGER_EDGE_PAGES } from '#core/constants';
import { PAGER_TEXT } from '#core/pager-text';
import { Button } from '../ui/Button';
import { ledgerPageButtons, pageCount, shownRange } from './pagination';

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
  const buttons = ledgerPageButtons(page, pageCount(total, pageSize), totalExact, LEDGER_PAGER_EDGE_PAGES);
  return (
    <nav aria-label="Ledger pages" className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {PAGER_TEXT.showing(from, to, props.totalLabel, { one: 'submission', many: 'submissions' })}
      </p>
      <div className="flex flex-wrap items-center justify-center gap-2">
        <Button variant="outline" size="sm" onClick={() => prevCursor && onCursor(prevCursor)} disabled={!prevCursor}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          {PAGER_TEXT.previous}
        </Button>
        {buttons.map((n, i) =>
          n === 'gap' ? (
            <span key={`gap-${i}`} role="img" aria-label={PAGER_TEXT.gap} className="px-1 text-muted-foreground">
              …
            </span>
          ) : (
            <Button
              key={n}
              variant={n === page ? 'primary' : 'outline'}
              size="sm"
              className="min-w-9"
              aria-label={PAGER_TEXT.page(n)}
              aria-current={n === page ? 'page' : undefined}
              onClick={() => n !== page && onPageChange(n)}
            >
              {n}
            </Button>
          ),
        )}
        <Button variant="outline" size="sm" onClick={() => nextCursor && onCursor(nextCursor)} disabled={!nextCursor}>
          {PAGER_TEXT.next}
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
    </nav>
  );
}
