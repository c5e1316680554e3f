// Part of verification logic: does the file's own metadata agree with what the artist claims?
// A generator named in the metadata that matches the claimed tool, and an embedded prompt that
// matches the submitted one, earn points; metadata naming a different generator costs points.
// A tool or a metadata string the generator table does not know never counts either way.
import { claimedToolName } from './evidence-facts';
import { generatorFamily, sameGenerator, type GeneratorFamily } from './generators';
import { PROMPT_OVERLAP, VERIFICATION_LOGIC as V } from './rubric';
import type { AdviceItem, DimensionScoring, TrustEvidence, TrustReason } from './types';
import { givenPrompt, wordOverlap } from './words';

const AI_SOURCE_TYPE = /trainedAlgorithmicMedia/i;
const CAMERA_SOURCE_TYPE = /digitalCapture/i;

interface GeneratorMention {
  where: string;
  family: GeneratorFamily;
}

/** Generators named in the metadata, most direct evidence first. */
function generatorMentions(evidence: TrustEvidence): GeneratorMention[] {
  const { embedded } = evidence;
  const sources: { where: string; value: string | undefined }[] = [
    { where: 'generation parameters', value: embedded.aiParameters?.source },
    { where: 'C2PA manifest', value: embedded.c2pa?.claimGenerator },
    { where: 'XMP CreatorTool', value: embedded.creatorTool },
    { where: 'EXIF Software tag', value: embedded.software },
  ];
  return sources.flatMap(({ where, value }) => {
    const family = generatorFamily(value);
    return family ? [{ where, family }] : [];
  });
}

function scoreTool(evidence: TrustEvidence, reasons: TrustReason[], advice: AdviceItem[]): void {
  const claimed = generatorFamily(claimedToolName(evidence));
  const mentions = generatorMentions(evidence);
  if (claimed) {
    const confirming = mentions.find((m) => sameGenerator(claimed, m.family));
    if (confirming) {
      reasons.push({ text: `Embedded metadata (${confirming.where}) confirms the claimed tool`, points: V.toolConfirmed });
      return;
    }
    const other = mentions[0];
    if (other) {
      reasons.push({
        text: `Embedded metadata (${other.where}) names ${other.family.label}, not the claimed tool`,
        points: V.toolContradicted,
      });
      advice.push({
        text: `Your image's embedded metadata names ${other.family.label}: check the AI tool you selected.`,
        gain: V.toolConfirmed - V.toolContradicted,
      });
      return;
    }
  }

  const sourceTypes = [evidence.embedded.digitalSourceType, evidence.embedded.c2pa?.digitalSourceType];
  if (sourceTypes.some((t) => t && AI_SOURCE_TYPE.test(t))) {
    reasons.push({ text: 'Embedded metadata declares the image AI-generated', points: V.aiGenerationDeclared });
  } else if (sourceTypes.some((t) => t && CAMERA_SOURCE_TYPE.test(t))) {
    reasons.push({ text: 'Embedded metadata declares a camera capture, not AI generation', points: V.cameraCaptureDeclared });
  } else {
    const gain = V.toolConfirmed + V.promptMatches;
    advice.push({
      text: `Upload the original file exported by your AI tool, so its embedded metadata can confirm the tool and prompt (up to +${gain}).`,
      gain,
    });
  }
}

function scorePrompt(evidence: TrustEvidence, reasons: TrustReason[], advice: AdviceItem[]): void {
  const submitted = givenPrompt(evidence.prompt);
  const embedded = givenPrompt(evidence.embedded.aiParameters?.prompt);
  if (!submitted || !embedded) return;
  const overlap = wordOverlap(submitted, embedded);
  const percent = `${Math.round(overlap * 100)}% word overlap`;
  if (overlap >= PROMPT_OVERLAP.matches) {
    reasons.push({ text: `Embedded prompt matches the submitted prompt (${percent})`, points: V.promptMatches });
  } else if (overlap >= PROMPT_OVERLAP.partlyMatches) {
    reasons.push({ text: `Embedded prompt partly matches the submitted prompt (${percent})`, points: V.promptPartlyMatches });
  } else {
    reasons.push({ text: `Embedded prompt differs from the submitted prompt (${percent})`, points: V.promptDiffers });
    advice.push({
      text: 'The prompt embedded in your image differs from the one you submitted: submit the prompt you actually used.',
      gain: V.promptMatches - V.promptDiffers,
    });
  }
}

export function scoreMetadataConsistency(evidence: TrustEvidence): DimensionScoring {
  const reasons: TrustReason[] = [];
  const advice: AdviceItem[] = [];
  scoreTool(evidence, reasons, advice);
  scorePrompt(evidence, reasons, advice);
  return { reasons, advice };
}
