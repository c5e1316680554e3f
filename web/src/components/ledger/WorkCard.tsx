// One work in a grid: image, title (to the proof page), artist (to the artist page), status,
// tool, date, 2 usage types and 3 tags with '+N', and actions. Used by the ledger; generic
// enough for any list of WorkSummary (Quick View is shown only when a handler is given).
import { Eye, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { WorkSummary } from '../../../../core/api-types';
import { CARD_LIMITS } from '../../../../core/constants';
import { proofPath } from '../../../../core/ids';
import { Button, ButtonLink } from '../ui/Button';
import { Card } from '../ui/Card';
import { StatusBadge } from '../work/StatusBadge';
import { WorkImage } from '../work/WorkImage';
import { absoluteUrl } from '../../lib/share';
import { ChipList } from './ChipList';
import { ShareButton } from './ShareButton';
import { artistPath, formatDate } from './format';

export interface WorkCardProps {
  work: WorkSummary;
  /** Opens the Quick View dialog; gets the button so focus can return to it. No 'Quick View' button without it. */
  onQuickView?: (work: WorkSummary, opener: HTMLElement) => void;
  /** Site URL for the shared link (falls back to this page's origin). */
  siteUrl?: string | null;
  /** Heading level of the title, to fit the page's outline (default 3). */
  headingLevel?: 2 | 3 | 4;
}

export function WorkCard({ work, onQuickView, siteUrl, headingLevel = 3 }: WorkCardProps) {
  const Heading = `h${headingLevel}` as const;
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
          <Heading className="min-w-0 text-base font-semibold leading-snug">
            <Link to={proof} className="break-words hover:underline focus-visible:underline">
              {work.title}
            </Link>
          </Heading>
          <StatusBadge score={work.trust_meter} className="shrink-0" />
        </div>
        <p className="text-sm text-muted-foreground">
          by{' '}
          <Link to={artistPath(work.artist_name)} className="font-medium text-primary hover:underline">
            {work.artist_name}
          </Link>
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Tool</dt>
          <dd className="min-w-0 break-words">{work.tool}</dd>
          <dt className="text-muted-foreground">Date</dt>
          <dd>
            <time dateTime={work.created_at}>{formatDate(work.created_at)}</time>
          </dd>
        </dl>
        <ChipList items={work.usage_type} limit={CARD_LIMITS.usageTypes} noun="usage types" variant="secondary" />
        <ChipList items={work.tags} limit={CARD_LIMITS.tags} noun="tags" />
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          {onQuickView && (
            <Button variant="secondary" size="sm" onClick={(event) => onQuickView(work, event.currentTarget)} aria-haspopup="dialog">
              <Eye aria-hidden="true" className="h-4 w-4" />
              Quick View
              <span className="sr-only">: {work.title}</span>
            </Button>
          )}
          <ButtonLink to={proof} variant="outline" size="sm">
            <ShieldCheck aria-hidden="true" className="h-4 w-4" />
            Proof Page
            <span className="sr-only">: {work.title}</span>
          </ButtonLink>
          <ShareButton url={absoluteUrl(proof, siteUrl)} title={work.title} className="ml-auto" size="sm" />
        </div>
      </div>
    </Card>
  );
}
