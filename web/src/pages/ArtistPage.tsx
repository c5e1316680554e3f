// /artist/:artistName: every public work of one artist, 12 per page, newest first (docs/product.md §2).
// The page number lives in the URL (?page=) so a page can be shared and reloaded. A name an artist
// claimed (decision 0061) lists that artist's works with their proven pages, and the works others
// registered under the name apart, and offers a dispute of the claim (decision 0063); a name
// nobody claimed says so.
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { ArtistResponse } from '#core/api-types';
import { ARTIST_PAGER_BUTTONS, PAGE_SIZES } from '#core/constants';
import { NO_ARTIST_WORKS_TEXT, OTHERS_UNDER_NAME_HEADING, registeredWorksText, UNCLAIMED_NAME_TEXT } from '#core/status';
import { formatUtcDay } from '../lib/dates';
import { PageContainer } from '../components/layout/PageContainer';
import { ClaimDispute } from '../components/artist/ClaimDispute';
import { ArtistWorkCard } from '../components/ledger/ArtistWorkCard';
import { Pager } from '../components/pager/Pager';
import { hasNextPage, pageCount, pageWindow, parsePage } from '../components/pager/pagination';
import { Spinner } from '../components/ui/Spinner';
import { apiGet } from '../lib/api';
import { useDocumentTitle } from '../lib/useDocumentTitle';

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function isWebLink(url: string | null): url is string {
  return typeof url === 'string' && /^https?:\/\//i.test(url);
}

export default function ArtistPage() {
  // react-router already decodes path parameters, so "Jane%20Doe" arrives as "Jane Doe".
  const { artistName = '' } = useParams();
  useDocumentTitle(artistName);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePage(searchParams.get('page'));
  const path = `/api/artists/${encodeURIComponent(artistName)}${page > 1 ? `?page=${page}` : ''}`;

  const query = useQuery({
    queryKey: ['artist', artistName, page],
    queryFn: ({ signal }) => apiGet<ArtistResponse>(path, { signal }),
  });
  // docs/product.md §8: a failed fetch is only logged, and the page shows its empty state.
  useEffect(() => {
    if (query.error) console.error('Could not load the artist page', query.error);
  }, [query.error]);

  const heading = useRef<HTMLHeadingElement>(null);
  const changePage = (next: number) => {
    setSearchParams(next > 1 ? { page: String(next) } : {});
    heading.current?.scrollIntoView({ block: 'start' });
  };

  const data = query.data;
  const total = data?.total ?? 0;
  const links = [
    { label: 'Portfolio', url: data?.portfolio_link ?? null },
    { label: 'External Link', url: data?.external_link ?? null },
  ].filter((link): link is { label: string; url: string } => isWebLink(link.url));

  return (
    <PageContainer className="grid gap-8">
      <Link to="/ledger" className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to Ledger
      </Link>

      <header className="grid gap-2">
        <h1 ref={heading} className="scroll-mt-20 break-words text-3xl font-bold tracking-tight sm:text-4xl">
          {artistName}
        </h1>
        {data?.author_full_name && data.author_full_name !== artistName && (
          <p className="text-lg text-muted-foreground">{data.author_full_name}</p>
        )}
        {query.isPending ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : (
          <p className="text-sm font-medium">
            {registeredWorksText(total, data?.verified_total ?? 0)}
            {total > PAGE_SIZES.artist && ` · Page ${page} of ${pageCount(total, PAGE_SIZES.artist)}`}
          </p>
        )}
        {data && !data.claimed && <p className="max-w-prose text-sm text-muted-foreground">{UNCLAIMED_NAME_TEXT}</p>}
        {data && data.proven_identities.length > 0 && (
          <ul aria-label="Proven pages of the artist" className="mt-1 flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {data.proven_identities.map((identity) => (
              <li key={identity.url} className="inline-flex items-center gap-1">
                <a
                  href={identity.url}
                  rel="me noopener noreferrer"
                  target="_blank"
                  className="font-medium text-primary hover:underline"
                >
                  {hostOf(identity.url)}
                </a>
                <span>✓ proven {formatUtcDay(identity.proven_at)}</span>
              </li>
            ))}
          </ul>
        )}
        {links.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {links.map((link) => (
              <li key={link.label}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
                >
                  {link.label}
                  <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        )}
        {/* Decision 0063: a claimed name can be disputed; the admins decide. */}
        {data?.claimed && <ClaimDispute artistName={artistName} />}
      </header>

      <section aria-label="Artworks" className="grid gap-6">
        {query.isPending ? (
          <div className="flex min-h-60 items-center justify-center">
            <Spinner className="h-8 w-8 text-primary" label="Loading artworks…" />
          </div>
        ) : data && data.items.length > 0 ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {data.items.map((work) => (
              <li key={work.id}>
                <ArtistWorkCard work={work} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-card border border-dashed border-border px-6 py-16 text-center text-muted-foreground">
            {NO_ARTIST_WORKS_TEXT}
          </p>
        )}
        {total > PAGE_SIZES.artist && (
          <Pager
            label="Artist pages"
            page={page}
            buttons={pageWindow(page, pageCount(total, PAGE_SIZES.artist), ARTIST_PAGER_BUTTONS)}
            onPage={changePage}
            onPrevious={page > 1 ? () => changePage(page - 1) : undefined}
            onNext={hasNextPage(page, PAGE_SIZES.artist, total) ? () => changePage(page + 1) : undefined}
          />
        )}
      </section>
      {data && data.others_total > 0 && (
        <section aria-labelledby="others-under-name" className="grid gap-4 border-t border-border pt-6">
          <h2 id="others-under-name" className="text-xl font-semibold">
            {OTHERS_UNDER_NAME_HEADING} ({data.others_total})
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {data.others.map((work) => (
              <li key={work.id}>
                <ArtistWorkCard work={work} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </PageContainer>
  );
}
