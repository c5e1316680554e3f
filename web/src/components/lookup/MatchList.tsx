// Registered works that match the checked image, oldest registration first, so the first entry
// is who registered it first. Near duplicates also say how far their fingerprint is.
import { Link } from 'react-router';
import type { WorkSummary } from '#core/api-types';
import { proofPath } from '#core/ids';
import { Badge } from '../ui/Badge';
import { StatusBadge } from '../work/StatusBadge';
import { WorkImage } from '../work/WorkImage';
import { formatDate } from '../../lib/dates';
import { artistPath } from '../ledger/format';

/** Bits in the perceptual hash the server compares. */
export const PHASH_BITS = 64;

export function distanceText(distance: number): string {
  return `differs in ${distance} of ${PHASH_BITS} bits`;
}

export type Match = WorkSummary & { distance?: number };

/** The work registered earliest among all matches: who registered the image first. */
export function firstRegistered(works: Match[]): Match | null {
  let first: Match | null = null;
  for (const work of works) {
    if (!first || Date.parse(work.created_at) < Date.parse(first.created_at)) first = work;
  }
  return first;
}

export function MatchList({ label, works, firstId }: { label: string; works: Match[]; firstId: string | null }) {
  return (
    <ol aria-label={label} className="grid gap-3">
      {works.map((work) => (
        <li key={work.id} className="flex gap-4 rounded-card border border-border bg-background p-3">
          <div className="h-20 w-20 shrink-0 overflow-hidden rounded-md bg-muted">
            <WorkImage
              src={work.image_url}
              alt=""
              width={work.image_width}
              height={work.image_height}
              className="h-full! object-cover"
            />
          </div>
          <div className="grid min-w-0 flex-1 content-start gap-1 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <Link to={proofPath(work.id)} className="break-words text-base font-semibold text-primary hover:underline">
                {work.title}
              </Link>
              {work.id === firstId && <Badge variant="outline">Registered first</Badge>}
            </div>
            <p className="text-muted-foreground">
              by{' '}
              <Link to={artistPath(work.artist_name)} className="font-medium text-primary hover:underline">
                {work.artist_name}
              </Link>{' '}
              on <time dateTime={work.created_at}>{formatDate(work.created_at)}</time> ·{' '}
              <code className="font-mono text-xs">{work.registry_id}</code>
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge score={work.trust_meter} showScore />
              {work.distance !== undefined && <span className="text-muted-foreground">Fingerprint {distanceText(work.distance)}</span>}
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}
