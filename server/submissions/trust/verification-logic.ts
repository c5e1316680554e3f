// Verification logic: do independent checks support the claim? The image is new to the
// ledger (exact SHA-256) and not a near copy of another artist's work (perceptual hash), the
// file's metadata agrees with the claim, and the artist proved control of the e-mail address.
import { scoreMetadataConsistency } from './metadata-consistency';
import { BLOCKING_ADVICE_GAIN, NEAR_DUPLICATE, VERIFICATION_LOGIC as V } from './rubric';
import type { AdviceItem, DimensionScoring, TrustEvidence, TrustReason } from './types';

const SHA256_HEX = /^[0-9a-f]{64}$/i;

function scoreImageHash(evidence: TrustEvidence, reasons: TrustReason[], advice: AdviceItem[]): void {
  if (evidence.exactDuplicateOfOtherArtist) {
    reasons.push({ text: 'Same image registered earlier by another artist', points: V.duplicateOfOtherArtist });
    advice.push({
      text: 'This image was registered earlier by another artist. If it is your work, use the removal request form to dispute the earlier registration.',
      gain: BLOCKING_ADVICE_GAIN,
    });
  } else if (evidence.exactDuplicateOfSameArtist) {
    reasons.push({ text: 'Same image registered earlier by this artist', points: V.ownEarlierImage });
  } else if (SHA256_HEX.test(evidence.imageSha256)) {
    reasons.push({ text: 'Image is new to the ledger', points: V.newImage });
  }
}

function scoreNearDuplicates(evidence: TrustEvidence, reasons: TrustReason[], advice: AdviceItem[]): void {
  const distances = evidence.nearDuplicatesOfOtherArtists
    .map((d) => d.distance)
    .filter((d) => Number.isFinite(d) && d >= 0 && d <= NEAR_DUPLICATE.similarMaxDistance);
  if (distances.length === 0) {
    reasons.push({ text: 'No similar image by another artist in the ledger', points: V.noNearDuplicate });
    return;
  }
  const closest = Math.min(...distances);
  const bits = `${closest} of ${NEAR_DUPLICATE.bits} bits differ`;
  const nearIdentical = closest <= NEAR_DUPLICATE.nearIdenticalMaxDistance;
  reasons.push(
    nearIdentical
      ? { text: `Near-identical image registered earlier by another artist (${bits})`, points: V.nearIdentical }
      : { text: `Similar image registered earlier by another artist (${bits})`, points: V.similar },
  );
  advice.push({
    text: 'A similar image was registered earlier by another artist: add resources that show how you made yours.',
    gain: V.noNearDuplicate - (nearIdentical ? V.nearIdentical : V.similar),
  });
}

export function scoreVerificationLogic(evidence: TrustEvidence): DimensionScoring {
  const reasons: TrustReason[] = [];
  const advice: AdviceItem[] = [];
  scoreImageHash(evidence, reasons, advice);
  scoreNearDuplicates(evidence, reasons, advice);
  const metadata = scoreMetadataConsistency(evidence);
  reasons.push(...metadata.reasons);
  advice.push(...metadata.advice);
  if (evidence.emailVerified) {
    reasons.push({ text: 'E-mail address verified', points: V.emailVerified });
  } else {
    advice.push({ text: `Verify your e-mail address with the link we sent you (+${V.emailVerified}).`, gain: V.emailVerified });
  }
  return { reasons, advice };
}
