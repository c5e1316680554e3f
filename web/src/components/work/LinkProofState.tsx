// One link's proof state (issue 33): ✓ proven (since when), not proven (and why, in words), or not
// checked yet. Only a proven link earns points; the label says so without colour alone.
import { CheckCircle2, CircleDashed, XCircle } from 'lucide-react';
import { LINK_STATE_LABELS, type LinkProof } from '#core/api/link-proofs';
import { formatUtcDay } from '../../lib/dates';

export function LinkProofState({ proof }: { proof: LinkProof }) {
  if (proof.state === 'proven')
    return (
      <span className="inline-flex items-center gap-1 text-xs font-medium text-green-800 dark:text-green-300">
        <CheckCircle2 aria-hidden="true" className="h-3.5 w-3.5" />
        {LINK_STATE_LABELS.proven}
        {proof.proven_at && `, since ${formatUtcDay(proof.proven_at)}`}
      </span>
    );
  if (proof.state === 'not_proven')
    return (
      <span className="inline-flex items-center gap-1 text-xs font-medium text-red-800 dark:text-red-300">
        <XCircle aria-hidden="true" className="h-3.5 w-3.5" />
        {LINK_STATE_LABELS.not_proven}
        {proof.reason && `: ${proof.reason}`}
      </span>
    );
  return (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-muted-foreground">
      <CircleDashed aria-hidden="true" className="h-3.5 w-3.5" />
      {LINK_STATE_LABELS.pending}
    </span>
  );
}

/** The state of `url` among `proofs`, or undefined for an entry that is not a checked link. */
export function proofOf(proofs: readonly LinkProof[], url: string): LinkProof | undefined {
  return proofs.find((p) => p.url === url);
}
