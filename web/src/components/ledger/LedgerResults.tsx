// The ledger's result area: first-load spinner, the grid of cards, or the empty state.
import { SearchX } from 'lucide-react';
import type { LedgerResponse, WorkSummary } from '#core/api-types';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { WorkCard } from './WorkCard';

export const EMPTY_LEDGER_TEXT = 'No submissions found matching your criteria';

export interface LedgerResultsProps {
  data: LedgerResponse | undefined;
  /** A newer list is on its way; the current one stays visible meanwhile. */
  fetching: boolean;
  /** The last request failed (it is logged by the page). Matters only when there is no list to keep. */
  failed: boolean;
  onRetry: () => void;
  siteUrl?: string | null;
  onQuickView: (work: WorkSummary, opener: HTMLElement) => void;
  onClearFilters: () => void;
  onFirstPage: () => void;
}

export function LedgerResults({
  data,
  fetching,
  failed,
  onRetry,
  siteUrl,
  onQuickView,
  onClearFilters,
  onFirstPage,
}: LedgerResultsProps) {
  if (!data && failed && !fetching) {
    // Nothing to keep on screen: end the loading state with an honest note instead of a spinner forever.
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-lg font-medium">The ledger could not be loaded.</p>
        <Button variant="outline" onClick={onRetry}>
          Try Again
        </Button>
      </div>
    );
  }
  if (!data) {
    return (
      <div className="flex min-h-60 items-center justify-center">
        <Spinner className="h-8 w-8 text-primary" label="Loading submissions…" />
      </div>
    );
  }
  if (data.total === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-card border border-dashed border-border px-6 py-16 text-center">
        <SearchX aria-hidden="true" className="h-10 w-10 text-muted-foreground" />
        <p className="text-lg font-medium">{EMPTY_LEDGER_TEXT}</p>
        <Button variant="outline" onClick={onClearFilters}>
          Clear Filters
        </Button>
      </div>
    );
  }
  if (data.items.length === 0) {
    // A shared link to a page that no longer exists (the ledger shrank or the filter changed).
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-lg font-medium">There are no submissions on this page.</p>
        <Button variant="outline" onClick={onFirstPage}>
          Go to First Page
        </Button>
      </div>
    );
  }
  return (
    <ul
      aria-label="Submissions"
      aria-busy={fetching}
      className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${fetching ? 'opacity-70 transition-opacity' : ''}`}
    >
      {data.items.map((work) => (
        <li key={work.id}>
          <WorkCard work={work} siteUrl={siteUrl} onQuickView={onQuickView} />
        </li>
      ))}
    </ul>
  );
}
