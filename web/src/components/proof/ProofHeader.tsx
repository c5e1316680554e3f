// Title block of the proof page: the work's title, artist, date, short ID and registry ID, its
// status badge (tooltip: what the status means) and the Signal Strength bar (docs/product.md §2).
import { Link } from 'react-router';
import type { PublicWork } from '#core/api-types';
import { shortId } from '#core/ids';
import { trustStatus } from '#core/status';
import { Tooltip } from '../ui/Tooltip';
import { SignalBar } from '../work/SignalBar';
import { StatusBadge } from '../work/StatusBadge';
import { formatDate } from '../../lib/dates';
import { artistPath } from '../ledger/format';

export function ProofHeader({ work }: { work: PublicWork }) {
  const status = trustStatus(work.trust_meter);
  return (
    <header className="grid gap-4">
      <h1 className="break-words text-3xl font-bold tracking-tight sm:text-4xl">{work.title}</h1>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground">
        <span>
          by{' '}
          <Link to={artistPath(work.artist_name)} className="font-medium text-primary hover:underline">
            {work.artist_name}
          </Link>
        </span>
        <span aria-hidden="true">·</span>
        <time dateTime={work.created_at}>{formatDate(work.created_at)}</time>
        <span aria-hidden="true">·</span>
        <span>
          ID <code className="font-mono text-sm text-foreground">{shortId(work.id)}</code>
        </span>
      </p>
      <p className="text-sm">
        <span className="text-muted-foreground">Registry ID </span>
        <code className="font-mono font-semibold">{work.registry_id}</code>
      </p>
      <div className="grid max-w-md gap-3">
        <div>
          <Tooltip content={`${status.label}: ${status.meaning}`}>
            <button type="button" className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
              <StatusBadge score={work.trust_meter} showScore className="text-sm" />
            </button>
          </Tooltip>
        </div>
        <SignalBar score={work.trust_meter} />
      </div>
    </header>
  );
}
