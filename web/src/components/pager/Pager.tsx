// The one pager of every list (the ledger, the artist page, the admin lists): an optional
// 'Showing …' line, Previous, the numbered buttons the list chose (pagination.ts) with a mark for
// each gap, and Next. Page buttons are real buttons, so Tab and Enter work; the current one says
// so (aria-current). Previous and Next are disabled where the list has no such page.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { PAGER_TEXT } from '#core/pager-text';
import { Button } from '../ui/Button';
import type { PagerButton } from './pagination';

export interface PagerProps {
  /** Accessible name of the navigation landmark, e.g. 'Ledger pages'. */
  label: string;
  /** The 'Showing a-b of N …' line (PAGER_TEXT); none when omitted. */
  summary?: string;
  page: number;
  buttons: PagerButton[];
  onPage: (page: number) => void;
  /** Goes to the page before; Previous is disabled without it. */
  onPrevious?: () => void;
  /** Goes to the page after; Next is disabled without it. */
  onNext?: () => void;
}

export function Pager({ label, summary, page, buttons, onPage, onPrevious, onNext }: PagerProps) {
  return (
    <nav aria-label={label} className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      {summary && (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {summary}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-center gap-2">
        <Button variant="outline" size="sm" onClick={onPrevious} disabled={!onPrevious}>
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
              onClick={() => n !== page && onPage(n)}
            >
              {n}
            </Button>
          ),
        )}
        <Button variant="outline" size="sm" onClick={onNext} disabled={!onNext}>
          {PAGER_TEXT.next}
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
    </nav>
  );
}
