// What the ledger's and the artist page's work cards share: the image in a 4:3 box, the title
// (to the proof page) with the status badge beside it, and the tool and date. Each card adds
// its own rows and actions as children.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { WorkSummary } from '#core/api-types';
import { proofPath } from '#core/ids';
import { Card } from '../ui/Card';
import { StatusBadge } from '../work/StatusBadge';
import { WorkImage } from '../work/WorkImage';
import { formatDate } from '../../lib/dates';

export interface WorkCardFrameProps {
  work: WorkSummary;
  /** Heading level of the title, to fit the page's outline (default 3). */
  headingLevel?: 2 | 3 | 4;
  children: ReactNode;
}

export function WorkCardFrame({ work, headingLevel = 3, children }: WorkCardFrameProps) {
  const Heading = `h${headingLevel}` as const;
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
          <Heading className="min-w-0 text-base font-semibold leading-snug">
            <Link to={proofPath(work.id)} className="break-words hover:underline focus-visible:underline">
              {work.title}
            </Link>
          </Heading>
          <StatusBadge score={work.trust_meter} className="shrink-0" />
        </div>
        {children}
      </div>
    </Card>
  );
}

/** The card's 'Tool' and 'Date' rows. */
export function WorkToolAndDate({ work }: { work: WorkSummary }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-muted-foreground">Tool</dt>
      <dd className="min-w-0 break-words">{work.tool}</dd>
      <dt className="text-muted-foreground">Date</dt>
      <dd>
        <time dateTime={work.created_at}>{formatDate(work.created_at)}</time>
      </dd>
    </dl>
  );
}
