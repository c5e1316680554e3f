// Notices at the top of the proof page: the e-mail confirmation that brought the artist here
// (?email=verified), and a warning when the same image was registered earlier by someone else.
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import type { PublicWork } from '#core/api-types';
import { proofPath } from '#core/ids';
import { formatDate } from '../../lib/dates';
import { artistPath } from '../ledger/format';

export function EmailVerifiedNotice() {
  return (
    <p role="status" className="flex items-start gap-2 rounded-md border border-green-300 bg-success-soft p-4 text-sm text-green-900">
      <CircleCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>
        <strong className="font-semibold">E-mail address verified.</strong> Thank you: the confirmation is now part of this work's
        record and its trust score.
      </span>
    </p>
  );
}

export function DuplicateWarning({ original }: { original: NonNullable<PublicWork['duplicate_of']> }) {
  return (
    <div role="note" className="flex items-start gap-2 rounded-md border border-amber-300 bg-warning-soft p-4 text-sm text-amber-950">
      <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <p>
        The same image was registered earlier by{' '}
        <Link to={artistPath(original.artist_name)} className="font-semibold underline">
          {original.artist_name}
        </Link>{' '}
        on <time dateTime={original.created_at}>{formatDate(original.created_at)}</time>.{' '}
        <Link to={proofPath(original.id)} className="font-semibold underline">
          See the earlier registration ({original.registry_id})
        </Link>
      </p>
    </div>
  );
}
