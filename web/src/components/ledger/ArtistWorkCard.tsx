// A work on the artist page: image, title, status (same scale as the ledger, decision 0004),
// tool, date, the score as a Signal Strength bar, and 'View Details' to the proof page.
import type { WorkSummary } from '#core/api-types';
import { proofPath } from '#core/ids';
import { ButtonLink } from '../ui/Button';
import { SignalBar } from '../work/SignalBar';
import { WorkCardFrame, WorkToolAndDate } from './WorkCardFrame';

export function ArtistWorkCard({ work }: { work: WorkSummary }) {
  return (
    <WorkCardFrame work={work}>
      <WorkToolAndDate work={work} />
      <SignalBar score={work.trust_meter} />
      <ButtonLink to={proofPath(work.id)} variant="outline" size="sm" className="mt-auto">
        View Details
        <span className="sr-only">: {work.title}</span>
      </ButtonLink>
    </WorkCardFrame>
  );
}
