// Previous/Next pager with 'Showing a-b of N submissions', and optionally a sliding window of
// numbered page buttons (the artist page: at most ARTIST_PAGER_BUTTONS).
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../ui/Button';
import { hasNextPage, pageCount, pageWindow, shownRange } from './pagination';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Accessible name of the navigation landmark, e.g. 'Ledger pages'. */
  label: string;
  /** Word after the count in 'Showing a-b of N …'; the summary is hidden when omitted. */
  noun?: string;
  /** Show up to this many numbered buttons around the current page. */
  numberedButtons?: number;
  /** The total as shown when it is not a plain count, e.g. '10,000+' for an estimate. */
  totalLabel?: string;
}

export function Pager({ page, pageSize, total, onPageChange, label, noun, numberedButtons, totalLabel }: PagerProps) {
  const { from, to } = shownRange(page, pageSize, total);
  const pages = numberedButtons ? pageWindow(page, pageCount(total, pageSize), numberedButtons) : [];
  return (
    <nav aria-label={label} className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      {noun && (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          Showing {from}-{to} of {totalLabel ?? total} {noun}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          Previous
        </Button>
        {pages.map((n) => (
          <Button
            key={n}
            variant={n === page ? 'primary' : 'outline'}
            size="sm"
            className="min-w-9"
            aria-label={`Page ${n}`}
            aria-current={n === page ? 'page' : undefined}
            onClick={() => onPageChange(n)}
          >
            {n}
          </Button>
        ))}
        <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={!hasNextPage(page, pageSize, total)}>
          Next
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
    </nav>
  );
}
