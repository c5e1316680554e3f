// 'History' on the proof page (issue 18): the registration and each change the artist made after
// it, e.g. 'Updated on 1 March 2026: 2 resources added, score 64 → 71 (log entry #64)', each with
// its entry in the transparency log, numbered as everywhere else (decision 0052). It holds counts
// and scores, never a link or a prompt.
import { History } from 'lucide-react';
import type { PublicWork } from '#core/api-types';
import { describeWorkUpdate } from '#core/api/work-history';
import { logEntryText } from '#core/proof-text';
import { ProofCard } from './ProofCard';
import { formatUtcDay } from '../../lib/dates';

const entry = (leafIndex: number | null) =>
  leafIndex !== null && <span className="text-muted-foreground"> ({logEntryText(leafIndex)})</span>;

export function WorkHistory({ work }: { work: Pick<PublicWork, 'created_at' | 'log_index' | 'history'> }) {
  return (
    <ProofCard title="History" icon={History}>
      <ol className="grid gap-2 text-sm" aria-label="Registration and changes">
        <li className="rounded-md border border-border p-3">
          <span className="font-medium">Registered on {formatUtcDay(work.created_at)}</span>
          {entry(work.log_index)}
        </li>
        {work.history.map((update) => (
          <li key={`${update.at}-${update.leaf_index ?? ''}`} className="rounded-md border border-border p-3">
            <span className="font-medium">Updated on {formatUtcDay(update.at)}:</span> {describeWorkUpdate(update)}
            {entry(update.leaf_index)}
          </li>
        ))}
      </ol>
    </ProofCard>
  );
}
