// 'Featured Verified Art': up to 5 random public works scoring 62 or more, each opening its proof page.
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { FEATURED_COUNT } from '#core/constants';
import { proofPath } from '#core/ids';
import type { WorkSummary } from '#core/api-types';
import { StatusBadge } from '../work/StatusBadge';
import { WorkImage } from '../work/WorkImage';
import { useFeaturedWorks } from './useFeaturedWorks';

function FeaturedCard({ work }: { work: WorkSummary }) {
  return (
    <li>
      <Link
        to={proofPath(work.id)}
        className="group flex h-full flex-col overflow-hidden rounded-card border border-border bg-background shadow-sm transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        <div className="aspect-square overflow-hidden bg-muted">
          <WorkImage
            src={work.image_url}
            alt={work.title}
            width={work.image_width}
            height={work.image_height}
            className="h-full transition-transform group-hover:scale-105"
          />
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3">
          <span className="line-clamp-2 font-semibold leading-tight">{work.title}</span>
          <span className="truncate text-sm text-muted-foreground">by {work.artist_name}</span>
          <StatusBadge score={work.trust_meter} className="mt-auto self-start" />
        </div>
      </Link>
    </li>
  );
}

export function FeaturedWorks() {
  const { works, loading } = useFeaturedWorks();
  return (
    <section aria-labelledby="featured-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="featured-title" className="text-3xl font-bold tracking-tight">
          Featured Verified Art
        </h2>
        <Link to="/ledger" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
          View all in the ledger
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </div>
      {loading ? (
        <ul aria-busy="true" aria-label="Loading featured works" className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {Array.from({ length: FEATURED_COUNT }, (_, i) => (
            <li key={i} className="aspect-[3/4] animate-pulse rounded-card bg-muted" />
          ))}
        </ul>
      ) : works.length ? (
        <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" data-testid="featured-works">
          {works.slice(0, FEATURED_COUNT).map((work) => (
            <FeaturedCard key={work.id} work={work} />
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-muted-foreground">No verified works to feature yet.</p>
      )}
    </section>
  );
}
