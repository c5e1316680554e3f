// Source depth: how much outside material backs the claim, and how varied it is. Only proven
// resources count (product decision 29, rubric v2): a page the server fetched that links back to
// this registry. Typing a link earns nothing; the advice says how to prove it.
// The first proven resource counts most (docs/product.md §4: one resource is part of the Verified
// minimum); each further one adds a point up to 7 (docs/product.md §4: 7-10 resources for the top band).
import { provenResources, usableResources, type UsableResource } from './evidence-facts';
import { countOf } from './reasons';
import { BLOCKING_ADVICE_GAIN, PROFILE_RESOURCE_TYPE, SOURCE_DEPTH, UNPROVEN_LINKS_ADVISED, VERIFIED_THRESHOLD } from './rubric';
import type { AdviceItem, DimensionScoring, TrustEvidence, TrustReason } from './types';

export function resourcePoints(count: number): number {
  if (count === 0) return 0;
  const further = Math.min(count, SOURCE_DEPTH.resourcesForFullCredit) - 1;
  return SOURCE_DEPTH.firstResource + further * SOURCE_DEPTH.eachFurtherResource;
}

/** How a page proves itself, in one sentence the artist can act on. */
export function proveLinkAdvice(site: string, backlinkUrl: string): string {
  return `Prove the link on ${site}: add <a rel="me" href="${backlinkUrl}">my works</a> to that page, then press "Check again"`;
}

function unprovenAdvice(unproven: readonly UsableResource[], proven: number, backlinkUrl: string): AdviceItem[] {
  return unproven.slice(0, UNPROVEN_LINKS_ADVISED).map((resource, index) => {
    const gain = resourcePoints(proven + index + 1) - resourcePoints(proven + index);
    // Without any proven resource the work stays below Verified: proving the first comes first.
    const blocking = proven === 0 && index === 0;
    return {
      text: blocking
        ? `${proveLinkAdvice(resource.site, backlinkUrl)}: without a proven link a work stays below Verified (${VERIFIED_THRESHOLD}).`
        : `${proveLinkAdvice(resource.site, backlinkUrl)} (+${gain}).`,
      gain: blocking ? BLOCKING_ADVICE_GAIN : gain,
    };
  });
}

export function scoreSourceDepth(evidence: TrustEvidence): DimensionScoring {
  const reasons: TrustReason[] = [];
  const advice: AdviceItem[] = [];
  const usable = usableResources(evidence.resources);
  const resources = provenResources(evidence.resources);
  const unproven = usable.filter((r) => !r.proven);

  if (usable.length === 0) {
    advice.push({
      text: `Add at least one verification resource, such as a link to your artist profile, and prove it: without one a work stays below Verified (${VERIFIED_THRESHOLD}).`,
      gain: BLOCKING_ADVICE_GAIN,
    });
    return { reasons, advice };
  }
  if (unproven.length > 0) {
    reasons.push({
      text: `${countOf(unproven.length, 'link')} not proven yet (the page does not link back to this registry)`,
      points: 0,
    });
    advice.push(...unprovenAdvice(unproven, resources.length, evidence.backlinkUrl));
  }
  if (resources.length === 0) return { reasons, advice };

  const points = resourcePoints(resources.length);
  reasons.unshift({ text: countOf(resources.length, 'proven verification resource'), points });
  const missingPoints = resourcePoints(SOURCE_DEPTH.resourcesForFullCredit) - points;
  if (missingPoints > 0 && unproven.length === 0) {
    advice.push({
      text: `Add and prove more verification resources, such as posts of this work or other profiles: ${SOURCE_DEPTH.resourcesForFullCredit} or more give full credit (up to +${missingPoints}).`,
      gain: missingPoints,
    });
  }

  const sites = new Set(resources.map((r) => r.site)).size;
  if (sites >= SOURCE_DEPTH.severalWebsitesMinimum) {
    reasons.push({ text: `Proven resources on ${sites} different websites`, points: SOURCE_DEPTH.severalWebsites });
  } else {
    advice.push({
      text: `Prove resources on at least ${SOURCE_DEPTH.severalWebsitesMinimum} different websites (+${SOURCE_DEPTH.severalWebsites}).`,
      gain: SOURCE_DEPTH.severalWebsites,
    });
  }

  if (resources.some((r) => r.type !== PROFILE_RESOURCE_TYPE)) {
    reasons.push({ text: 'Includes a proven portfolio or external link', points: SOURCE_DEPTH.portfolioOrExternalLink });
  } else {
    advice.push({
      text: `Add and prove a portfolio or an external link about this work (+${SOURCE_DEPTH.portfolioOrExternalLink}).`,
      gain: SOURCE_DEPTH.portfolioOrExternalLink,
    });
  }

  return { reasons, advice };
}
