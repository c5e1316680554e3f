// A work on the artist page: image, title, status (same scale as the ledger, DECISIONS #4),
// tool, date, the score as a Signal Strength bar, and 'View Details' to the proof page.
import { Link } from 'react-router';
import type { WorkSummary } from '../../../../core/api-types';
import { proofPath } from '../../../../core/ids';
import { ButtonLink } from '../ui/Button';
import { Card } from '../ui/Card';
import { SignalBar } from '../work/SignalBar';
import { StatusBadge } from '../work/StatusBadge';
import { WorkImage } from '../work/WorkImage';
import { formatDate } from './format';

export function ArtistWorkCard({ work }: { work: WorkSummary }) {
  const proof = proofPath(work.id);
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <div className="aspect-[4/3] overflow-hidden bg-muted">
        <WorkImage
          src={work.image_url}
          alt={work.title}
          width={work.image_width}
          height={work.image_height}
          className="h-full! object-cover"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 text-base font-semibold leading-snug">
            <Link to={proof} className="break-words hover:underline">
              {work.title}
            </Link>
          </h3>
          <StatusBadge score={work.trust_meter} className="shrink-0" />
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Tool</dt>
          <dd className="min-w-0 break-words">{work.tool}</dd>
          <dt className="text-muted-foreground">Date</dt>
          <dd>
            <time dateTime={work.created_at}>{formatDate(work.created_at)}</time>
          </dd>
        </dl>
        <SignalBar score={work.trust_meter} />
        <ButtonLink to={proof} variant="outline" size="sm" className="mt-auto">
          View Details
          <span className="sr-only">: {work.title}</span>
        </ButtonLink>
      </div>
    </Card>
  );
}
