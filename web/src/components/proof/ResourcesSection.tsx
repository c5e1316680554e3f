// 'Verification Resources': the links that back the artist's claim. The server has already
// applied docs/product.md §5's display rules (two defaults when none has a URL, mistyped ledger links
// rewritten); entries without a URL, such as the Fast Submit marker, are shown as plain text.
// Each link the registry checked says whether it is proven (issue 33): only proven links count.
import { Link2 } from 'lucide-react';
import type { VerificationResource } from '#core/api-types';
import type { LinkProof } from '#core/api/link-proofs';
import { LinkProofState, proofOf } from '../work/LinkProofState';
import { isWebLink } from './format';
import { OutboundLink } from './OutboundLink';
import { ProofCard } from './ProofCard';

/** 'artist_profile' → 'Artist profile'. */
export function resourceTypeLabel(type: string): string {
  const words = type.replace(/[_-]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : 'Link';
}

export function ResourcesSection({ resources, proofs }: { resources: VerificationResource[]; proofs: LinkProof[] }) {
  return (
    <ProofCard title="Verification Resources" icon={Link2}>
      {resources.length === 0 ? (
        <p className="text-sm text-muted-foreground">No verification resources were given.</p>
      ) : (
        <ul className="grid gap-3">
          {resources.map((resource, i) => (
            <li key={`${resource.type}-${resource.url}-${i}`} className="grid gap-0.5 rounded-md border border-border p-3 text-sm">
              <span className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                {resourceTypeLabel(resource.type)}
              </span>
              {resource.description && <span>{resource.description}</span>}
              {isWebLink(resource.url) && <OutboundLink href={resource.url}>{resource.url}</OutboundLink>}
              {proofOf(proofs, resource.url) && <LinkProofState proof={proofOf(proofs, resource.url)!} />}
            </li>
          ))}
        </ul>
      )}
    </ProofCard>
  );
}
