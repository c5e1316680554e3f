// /ledger: the public ledger. Search, filters, sort and page (a number, or the cursor that
// Previous/Next follow) live in the URL query, so a view can be shared and reloaded; the server filters and counts over the whole ledger (decision 0010).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { LedgerResponse, WorkSummary } from '#core/api-types';
import { PAGE_SIZES } from '#core/constants';
import { PageContainer } from '../components/layout/PageContainer';
import { LedgerFilters } from '../components/ledger/LedgerFilters';
import { LedgerResults } from '../components/ledger/LedgerResults';
import { LedgerPager } from '../components/ledger/LedgerPager';
import { QuickViewDialog } from '../components/ledger/QuickViewDialog';
import { StatusGuide } from '../components/ledger/StatusGuide';
import {
  atCursor,
  atPage,
  clearedFilters,
  isFiltered,
  ledgerApiPath,
  ledgerUrlParams,
  readLedgerView,
  withFilters,
  type LedgerFilterPatch,
  type LedgerView,
} from '../components/ledger/ledgerView';
import { formatTotal } from '../components/ledger/format';
import { pageCount } from '../components/pager/pagination';
import { useLastSuccessful } from '../components/ledger/useLastSuccessful';
import { apiGet } from '../lib/api';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { useSiteConfig } from '../lib/useSiteConfig';

const TITLE = 'Public Verification Ledger';

export default function LedgerPage() {
  useDocumentTitle(TITLE);
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => readLedgerView(searchParams), [searchParams]);
  const apiPath = ledgerApiPath(view);

  const query = useQuery({
    queryKey: ['ledger', apiPath],
    queryFn: ({ signal }) => apiGet<LedgerResponse>(apiPath, { signal }),
    placeholderData: keepPreviousData,
  });
  // docs/product.md §8: a failed fetch is only logged; the previous list stays.
  const data = useLastSuccessful(query.data);
  useEffect(() => {
    if (query.error) console.error('Could not load the ledger', query.error);
  }, [query.error]);

  const { data: site } = useSiteConfig();
  const [quickViewId, setQuickViewId] = useState<string | null>(null);
  const quickViewOpener = useRef<HTMLElement | null>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  /**
   * Applies a change to the URL. It starts from the address bar, not from `searchParams`: that
   * value belongs to the last render, and a debounced search landing just before a select change
   * would otherwise be dropped (react-router's functional update uses the render's value too).
   */
  const updateView = useCallback(
    (change: (current: LedgerView) => LedgerView, replace = false) =>
      setSearchParams(ledgerUrlParams(change(readLedgerView(new URLSearchParams(window.location.search)))), { replace }),
    [setSearchParams],
  );
  // Typing replaces the history entry, so Back leaves the ledger instead of replaying keystrokes.
  const changeFilters = useCallback(
    (patch: LedgerFilterPatch) => updateView((current) => withFilters(current, patch), 'search' in patch),
    [updateView],
  );
  const showPage = (change: (current: LedgerView) => LedgerView) => {
    updateView(change);
    resultsHeading.current?.scrollIntoView({ block: 'start' });
  };
  const changePage = (page: number) => showPage((current) => atPage(current, page));
  const followCursor = (cursor: string) => showPage((current) => atCursor(current, cursor));
  const openQuickView = useCallback((work: WorkSummary, opener: HTMLElement) => {
    quickViewOpener.current = opener;
    setQuickViewId(work.id);
  }, []);

  const pages = data ? pageCount(data.total, PAGE_SIZES.ledger) : null;
  return (
    <PageContainer className="grid gap-8">
      <header className="grid gap-4">
        <nav aria-label="Ledger" className="flex flex-wrap gap-x-5 gap-y-2 text-sm font-medium">
          <Link to="/" className="inline-flex items-center gap-1 text-primary hover:underline">
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            Back to Submit
          </Link>
          <Link to="/implementation" className="text-primary hover:underline">
            How It Works
          </Link>
          <Link to="/about" className="text-primary hover:underline">
            About
          </Link>
          <Link to="/lookup" className="text-primary hover:underline">
            Verify a file
          </Link>
        </nav>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{TITLE}</h1>
        <p className="max-w-3xl text-muted-foreground">
          Every public artwork registered here, with its trust status and proof page. Search and filters cover the whole ledger.
        </p>
        <p className="flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-live="polite">
          {/* While a search or filter narrows the list, its count comes first (issue 35): the
              verified count is of the whole ledger and does not follow the filters. */}
          {data && isFiltered(view) && (
            <span>
              <strong className="font-semibold">{formatTotal(data.total, data.total_exact)}</strong>{' '}
              {data.total === 1 ? 'work matches' : 'works match'} the search and filters
            </span>
          )}
          <span>
            <strong className="font-semibold">{data ? data.total_verified : '…'}</strong> verified{' '}
            {data?.total_verified === 1 ? 'work' : 'works'} in the {data && isFiltered(view) ? 'whole ledger' : 'ledger'}
          </span>
          <span>{data ? `Page ${data.page} of ${pages}` : 'Loading…'}</span>
        </p>
      </header>

      <LedgerFilters
        view={view}
        toolOptions={data?.tool_options ?? []}
        platformOptions={data?.platform_options ?? []}
        tagOptions={data?.tag_options ?? []}
        onChange={changeFilters}
      />
      <StatusGuide />

      <section aria-labelledby="ledger-results" className="grid gap-6">
        <h2 id="ledger-results" ref={resultsHeading} className="sr-only scroll-mt-20">
          Submissions
        </h2>
        <LedgerResults
          data={data}
          fetching={query.isFetching}
          failed={query.isError}
          onRetry={() => void query.refetch()}
          siteUrl={site?.site_url}
          onQuickView={openQuickView}
          onClearFilters={() => updateView(clearedFilters)}
          onFirstPage={() => changePage(1)}
        />
        {data && data.total > 0 && (
          <LedgerPager
            page={data.page}
            pageSize={PAGE_SIZES.ledger}
            total={data.total}
            totalExact={data.total_exact}
            totalLabel={formatTotal(data.total, data.total_exact)}
            nextCursor={data.next_cursor}
            prevCursor={data.prev_cursor}
            onPageChange={changePage}
            onCursor={followCursor}
          />
        )}
      </section>

      <QuickViewDialog workId={quickViewId} returnFocusRef={quickViewOpener} onClose={() => setQuickViewId(null)} />
    </PageContainer>
  );
}
