// Source depth: how much outside material backs the claim, and how varied it is.
// The first resource counts most (docs/product.md §4: one resource is part of the Verified minimum);
// each further one adds a point up to 7 (docs/product.md §4: 7-10 resources for the top band).
import { usableResources } from './evidence-facts';
import { countOf } from './reasons';
import { BLOCKING_ADVICE_GAIN, PROFILE_RESOURCE_TYPE, SOURCE_DEPTH, VERIFIED_THRESHOLD } from './rubric';
import type { AdviceItem, DimensionScoring, TrustEvidence, TrustReason } from './types';

export function resourcePoints(count: number): number {
  if (count === 0) return 0;
  const further = Math.min(count, SOURCE_DEPTH.resourcesForFullCredit) - 1;
  return SOURCE_DEPTH.firstResource + further * SOURCE_DEPTH.eachFurtherResource;
}

export function scoreSourceDepth(evidence: TrustEvidence): DimensionScoring {
  const reasons: TrustReason[] = [];
  const advice: AdviceItem[] = [];
  const resources = usableResources(evidence.resources);

  if (resources.length === 0) {
    advice.push({
      text: `Add at least one verification resource, such as a link to your artist profile: without one a work stays below Verified (${VERIFIED_THRESHOLD}).`,
      gain: BLOCKING_ADVICE_GAIN,
    });
    return { reasons, advice };
  }

  const points = resourcePoints(resources.length);
  reasons.push({ text: countOf(resources.length, 'verification resource'), points });
  const missingPoints = resourcePoints(SOURCE_DEPTH.resourcesForFullCredit) - points;
  if (missingPoints > 0) {
    advice.push({
      text: `Add more verification resources, such as posts of this work or other profiles: ${SOURCE_DEPTH.resourcesForFullCredit} or more give full credit (up to +${missingPoints}).`,
      gain: missingPoints,
    });
  }

  const sites = new Set(resources.map((r) => r.site)).size;
  if (sites >= SOURCE_DEPTH.severalWebsitesMinimum) {
    reasons.push({ text: `Resources on ${sites} different websites`, points: SOURCE_DEPTH.severalWebsites });
  } else {
    advice.push({
      text: `Link resources on at least ${SOURCE_DEPTH.severalWebsitesMinimum} different websites (+${SOURCE_DEPTH.severalWebsites}).`,
      gain: SOURCE_DEPTH.severalWebsites,
    });
  }

  if (resources.some((r) => r.type !== PROFILE_RESOURCE_TYPE)) {
    reasons.push({ text: 'Includes a portfolio or external link', points: SOURCE_DEPTH.portfolioOrExternalLink });
  } else {
    advice.push({
      text: `Add a portfolio or an external link about this work (+${SOURCE_DEPTH.portfolioOrExternalLink}).`,
      gain: SOURCE_DEPTH.portfolioOrExternalLink,
    });
  }

  return { reasons, advice };
}
