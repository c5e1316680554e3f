// The admin pager (docs/product.md §2): Previous, first page, last page, pages within 1 of the current,
// '…' for the gaps, Next. Page buttons are real buttons, so Tab and Enter work.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../ui/Button';
import { adminPagerItems, pageCount } from './adminPager';

export interface PagerProps {
  page: number;
  total: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. 'Submissions pages'. */
  label: string;
}

export function Pager({ page, total, pageSize, onPageChange, label }: PagerProps) {
  if (total === 0) return null; // the list's empty state says it all
  const pages = pageCount(total, pageSize);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <div className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {first}–{last} of {total}
      </p>
      {pages > 1 && (
        <nav aria-label={label} className="flex flex-wrap items-center gap-1">
          <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1} aria-label="Previous page">
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          </Button>
          {adminPagerItems(page, pages).map((item) =>
            item.kind === 'gap' ? (
              <span key={item.key} className="px-2 text-muted-foreground" aria-hidden="true">
                …
              </span>
            ) : (
              <Button
                key={item.page}
                variant={item.page === page ? 'primary' : 'outline'}
                size="sm"
                aria-label={`Page ${item.page}`}
                aria-current={item.page === page ? 'page' : undefined}
                onClick={() => onPageChange(item.page)}
              >
                {item.page}
              </Button>
            ),
          )}
          <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= pages} aria-label="Next page">
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </Button>
        </nav>
      )}
    </div>
  );
}
