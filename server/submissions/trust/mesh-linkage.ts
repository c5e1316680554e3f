// Mesh linkage: how the work connects to an identity beyond itself. A proven profile link is the
// first edge (work → artist); the artist's other works and the profile links they share extend
// the web a false claim would have to fake — but only inside the identity that claimed the name
// (product decisions 29-30): anyone can type a famous name, nobody else can prove its links.
import { IDENTITY_WORKS_COUNTED_UP_TO, SHARED_LINK_WORKS_COUNTED_UP_TO } from '../../../core/constants';
import { provenResources, usableResources } from './evidence-facts';
import { countOf } from './reasons';
import { IDENTITY_RESOURCE_TYPES, MESH_LINKAGE as M } from './rubric';
import type { AdviceItem, DimensionScoring, TrustEvidence, TrustReason } from './types';

function otherWorksAdvice(evidence: TrustEvidence): AdviceItem | null {
  if (evidence.nameClaim === 'this_identity')
    return { text: `Register more of your works under the same artist name (+${M.someOtherWorks}).`, gain: M.someOtherWorks };
  if (evidence.nameClaim === 'unclaimed')
    return {
      text: `Claim your artist name: confirm your e-mail address and prove one link with rel="me"; then your other works under it count (+${M.someOtherWorks}).`,
      gain: M.someOtherWorks,
    };
  // Another identity proved this name first: no advice can make its works this one's.
  return null;
}

export function scoreMeshLinkage(evidence: TrustEvidence): DimensionScoring {
  const reasons: TrustReason[] = [];
  const advice: AdviceItem[] = [];
  const proven = provenResources(evidence.resources);

  if (proven.some((r) => IDENTITY_RESOURCE_TYPES.includes(r.type))) {
    reasons.push({ text: "Linked to the artist's proven profile", points: M.linkedToArtistProfile });
  } else if (usableResources(evidence.resources).length > 0) {
    // With no resource at all, the source-depth advice already asks for a profile link.
    advice.push({
      text: `Link your artist profile or portfolio and prove it (+${M.linkedToArtistProfile}).`,
      gain: M.linkedToArtistProfile,
    });
  }

  const inIdentity = evidence.nameClaim === 'this_identity';
  const otherWorks = inIdentity ? Math.max(0, Math.floor(evidence.artistOtherWorksCount)) : 0;
  if (otherWorks > 0) {
    const points = otherWorks >= M.manyOtherWorksMinimum ? M.manyOtherWorks : M.someOtherWorks;
    const works =
      otherWorks > IDENTITY_WORKS_COUNTED_UP_TO
        ? `more than ${IDENTITY_WORKS_COUNTED_UP_TO} other registered works`
        : countOf(otherWorks, 'other registered work');
    reasons.push({ text: `The artist who claimed this name has ${works}`, points });
  } else {
    const item = otherWorksAdvice(evidence);
    if (item) advice.push(item);
  }

  const sharing = inIdentity ? Math.max(0, Math.floor(evidence.sharedProfileLinksWithOwnWorks)) : 0;
  if (sharing > 0) {
    // Counted up to a bound (registry-evidence-repository.ts); one more stands for "more".
    const shared = sharing > SHARED_LINK_WORKS_COUNTED_UP_TO ? `more than ${SHARED_LINK_WORKS_COUNTED_UP_TO}` : String(sharing);
    reasons.push({ text: `Profile links shared with ${shared} of the artist's other works`, points: M.sharedProfileLinks });
  } else if (otherWorks > 0) {
    advice.push({ text: `Use the same profile links on your other works (+${M.sharedProfileLinks}).`, gain: M.sharedProfileLinks });
  }

  // Named, not proven: a co-author counts only once they confirm by e-mail (decision 0064).
  const key = (name: string) => name.trim().toLowerCase();
  const credited = new Set(evidence.coAuthors.map(key).filter(Boolean));
  const confirmed = new Set(evidence.confirmedCoAuthors.map(key).filter((name) => credited.has(name))).size;
  const unconfirmed = credited.size - confirmed;
  if (confirmed > 0) reasons.push({ text: `${countOf(confirmed, 'co-author')} confirmed by e-mail`, points: M.confirmedCoAuthors });
  if (unconfirmed > 0) {
    reasons.push({ text: `Credits ${countOf(unconfirmed, 'co-author')} (not confirmed by them)`, points: 0 });
    if (confirmed === 0)
      advice.push({
        text: `Ask your co-authors to confirm: give their e-mail addresses on the manage page (+${M.confirmedCoAuthors}).`,
        gain: M.confirmedCoAuthors,
      });
  }

  return { reasons, advice };
}
