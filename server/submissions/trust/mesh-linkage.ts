// Mesh linkage: how the work connects to an identity beyond itself. A profile link is the first
// edge (work → artist); other works by the same artist, profile links those works share, and
// credited co-authors extend the web a false claim would have to fake.
import { SHARED_LINK_WORKS_COUNTED_UP_TO } from '../../../core/constants';
import { usableResources } from './evidence-facts';
import { countOf } from './reasons';
import { IDENTITY_RESOURCE_TYPES, MESH_LINKAGE as M } from './rubric';
import type { AdviceItem, DimensionScoring, TrustEvidence, TrustReason } from './types';

export function scoreMeshLinkage(evidence: TrustEvidence): DimensionScoring {
  const reasons: TrustReason[] = [];
  const advice: AdviceItem[] = [];
  const resources = usableResources(evidence.resources);

  if (resources.some((r) => IDENTITY_RESOURCE_TYPES.includes(r.type))) {
    reasons.push({ text: "Linked to the artist's profile", points: M.linkedToArtistProfile });
  } else if (resources.length > 0) {
    // With no resource at all, the source-depth advice already asks for a profile link.
    advice.push({ text: `Link your artist profile or portfolio (+${M.linkedToArtistProfile}).`, gain: M.linkedToArtistProfile });
  }

  const otherWorks = Math.max(0, Math.floor(evidence.artistOtherWorksCount));
  if (otherWorks > 0) {
    const points = otherWorks >= M.manyOtherWorksMinimum ? M.manyOtherWorks : M.someOtherWorks;
    reasons.push({ text: `Artist has ${countOf(otherWorks, 'other registered work')}`, points });
  } else {
    advice.push({ text: `Register more of your works under the same artist name (+${M.someOtherWorks}).`, gain: M.someOtherWorks });
  }

  const sharing = Math.max(0, Math.floor(evidence.sharedProfileLinksWithOwnWorks));
  if (sharing > 0) {
    // Counted up to a bound (registry-evidence-repository.ts); one more stands for "more".
    const shared = sharing > SHARED_LINK_WORKS_COUNTED_UP_TO ? `more than ${SHARED_LINK_WORKS_COUNTED_UP_TO}` : String(sharing);
    reasons.push({ text: `Profile links shared with ${shared} of the artist's other works`, points: M.sharedProfileLinks });
  } else if (otherWorks > 0) {
    advice.push({ text: `Use the same profile links on your other works (+${M.sharedProfileLinks}).`, gain: M.sharedProfileLinks });
  }

  const coAuthors = new Set(evidence.coAuthors.map((n) => n.trim().toLowerCase()).filter(Boolean)).size;
  if (coAuthors > 0) reasons.push({ text: `Credits ${countOf(coAuthors, 'co-author')}`, points: M.coAuthors });

  return { reasons, advice };
}
