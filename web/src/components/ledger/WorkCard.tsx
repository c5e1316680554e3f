// One work in a grid: image, title (to the proof page), artist (to the artist page), status,
// tool, date, 2 usage types and 3 tags with '+N', and actions. Used by the ledger; generic
// enough for any list of WorkSummary (Quick View is shown only when a handler is given).
import { Eye, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { WorkSummary } from '#core/api-types';
import { CARD_LIMITS } from '#core/constants';
import { proofPath } from '#core/ids';
import { Button, ButtonLink } from '../ui/Button';
import { absoluteUrl } from '../../lib/share';
import { ChipList } from './ChipList';
import { ShareButton } from './ShareButton';
import { artistPath } from './format';
import { WorkCardFrame, WorkToolAndDate, type WorkCardFrameProps } from './WorkCardFrame';

export interface WorkCardProps {
  work: WorkSummary;
  /** Opens the Quick View dialog; gets the button so focus can return to it. No 'Quick View' button without it. */
  onQuickView?: (work: WorkSummary, opener: HTMLElement) => void;
  /** Site URL for the shared link (falls back to this page's origin). */
  siteUrl?: string | null;
  headingLevel?: WorkCardFrameProps['headingLevel'];
}

export function WorkCard({ work, onQuickView, siteUrl, headingLevel }: WorkCardProps) {
  const proof = proofPath(work.id);
  return (
    <WorkCardFrame work={work} headingLevel={headingLevel}>
      <p className="text-sm text-muted-foreground">
        by{' '}
        <Link to={artistPath(work.artist_name)} className="font-medium text-primary hover:underline">
          {work.artist_name}
        </Link>
      </p>
      <WorkToolAndDate work={work} />
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
    </WorkCardFrame>
  );
}
