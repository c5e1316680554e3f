// 'History' on the proof page (issue 18): each change the artist made after registering the
// work, e.g. 'Updated on 1 March 2026: 2 resources added, score 64 → 71', with its log leaf.
// Shown only when there is one; it holds counts and scores, never a link or a prompt.
import { History } from 'lucide-react';
import type { PublicWork } from '../../../../core/api-types';
import { describeWorkUpdate } from '../../../../core/api/work-history';
import { ProofCard } from './ProofCard';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function WorkHistory({ history }: { history: PublicWork['history'] }) {
  if (history.length === 0) return null;
  return (
    <ProofCard title="History" icon={History}>
      <ol className="grid gap-2 text-sm" aria-label="Changes since registration">
        {history.map((update) => (
          <li key={`${update.at}-${update.leaf_index ?? ''}`} className="rounded-md border border-border p-3">
            <span className="font-medium">Updated on {dateFormat.format(new Date(update.at))}:</span> {describeWorkUpdate(update)}
            {update.leaf_index !== null && <span className="text-muted-foreground"> (log entry #{update.leaf_index})</span>}
          </li>
        ))}
      </ol>
    </ProofCard>
  );
}
