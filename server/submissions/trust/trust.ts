// The trust engine's one entry point: evidence in, score with its reasons out.
// Pure: no clock, no I/O, no randomness. The same evidence and RUBRIC_VERSION always give the
// same result, so a stored score can be recomputed and checked later.
import { scoreClaimClarity } from './claim-clarity';
import { provenResources, usableResources } from './evidence-facts';
import { scoreMeshLinkage } from './mesh-linkage';
import { analysePromptSpecificity } from './prompt-specificity';
import { formatReason } from './reasons';
import { CAPS, DIMENSION_MAX, RUBRIC_VERSION } from './rubric';
import { scoreSourceDepth } from './source-depth';
import { scoreTemporalContext } from './temporal-context';
import type { AdviceItem, DimensionKey, DimensionResult, DimensionScoring, TrustEvidence, TrustReason, TrustResult } from './types';
import { scoreVerificationLogic } from './verification-logic';

/** A dimension's score is the sum of its findings, kept within 0-20 (penalties cannot go below 0). */
function toDimension({ reasons }: DimensionScoring): DimensionResult {
  const sum = reasons.reduce((total, r) => total + r.points, 0);
  return { score: Math.min(DIMENSION_MAX, Math.max(0, sum)), max: DIMENSION_MAX, reasons };
}

/** The lowest ceiling that applies, with the sentence that explains it; null when none applies. */
function applicableCap(evidence: TrustEvidence, promptGiven: boolean): { limit: number; because: string } | null {
  const caps: { limit: number; because: string }[] = [];
  if (evidence.exactDuplicateOfOtherArtist) {
    caps.push({ limit: CAPS.duplicateOfOtherArtist, because: 'the same image was registered earlier by another artist' });
  }
  if (!promptGiven) caps.push({ limit: CAPS.missingMinimum, because: 'no prompt was given' });
  if (evidence.nameClaim === 'another_identity') {
    caps.push({
      limit: CAPS.missingMinimum,
      because: 'another artist proved this name first (works under it by others are listed apart)',
    });
  }
  if (usableResources(evidence.resources).length === 0) {
    caps.push({ limit: CAPS.missingMinimum, because: 'no verification resource was given' });
  } else if (provenResources(evidence.resources).length === 0) {
    caps.push({ limit: CAPS.missingMinimum, because: 'no verification resource is proven yet' });
  }
  // Lowest limit wins; on a tie the first listed explains it.
  return caps.reduce<{ limit: number; because: string } | null>((low, c) => (low && low.limit <= c.limit ? low : c), null);
}

/** Biggest gain first; equal gains keep the dimension order. Advice that gains nothing is left out. */
function orderAdvice(items: AdviceItem[]): string[] {
  return items
    .filter((item) => item.gain > 0)
    .map((item, index) => ({ item, index }))
    .sort((a, b) => b.item.gain - a.item.gain || a.index - b.index)
    .map(({ item }) => item.text);
}

export function computeTrust(evidence: TrustEvidence): TrustResult {
  const promptSpecificity = analysePromptSpecificity(evidence.prompt);
  const scorings: Record<DimensionKey, DimensionScoring> = {
    claim_clarity: scoreClaimClarity(evidence, promptSpecificity),
    source_depth: scoreSourceDepth(evidence),
    verification_logic: scoreVerificationLogic(evidence),
    temporal_context: scoreTemporalContext(evidence),
    mesh_linkage: scoreMeshLinkage(evidence),
  };

  const dimensions = {
    claim_clarity: toDimension(scorings.claim_clarity),
    source_depth: toDimension(scorings.source_depth),
    verification_logic: toDimension(scorings.verification_logic),
    temporal_context: toDimension(scorings.temporal_context),
    mesh_linkage: toDimension(scorings.mesh_linkage),
  };
  const keys = Object.keys(dimensions) as DimensionKey[];
  const reasons: TrustReason[] = keys.flatMap((k) => dimensions[k].reasons);
  let score = keys.reduce((total, k) => total + dimensions[k].score, 0);

  const cap = applicableCap(evidence, promptSpecificity.level !== 'none');
  if (cap && score > cap.limit) {
    reasons.push({ text: `Score capped at ${cap.limit} because ${cap.because}`, points: cap.limit - score });
    score = cap.limit;
  }

  return {
    score,
    rubricVersion: RUBRIC_VERSION,
    dimensions,
    reasons: reasons.map(formatReason),
    promptSpecificity,
    advice: orderAdvice(keys.flatMap((k) => scorings[k].advice)),
  };
}
