// Claim clarity: does the work say clearly what it is and how it was made?
// Title, a prompt (public and specific counts most), the AI tool, the story behind it.
import { claimedToolName } from './evidence-facts';
import { CATEGORY_LABELS, PROMPT_CATEGORIES } from './prompt-specificity';
import { BLOCKING_ADVICE_GAIN, CLAIM_CLARITY, VERIFIED_THRESHOLD } from './rubric';
import { listOf } from './reasons';
import type { AdviceItem, DimensionScoring, PromptSpecificity, TrustEvidence, TrustReason } from './types';
import { isBlank } from './words';

const LEVEL_WORDS = { specific: 'specific', moderate: 'moderately specific', vague: 'vague' } as const;

export function scoreClaimClarity(evidence: TrustEvidence, specificity: PromptSpecificity): DimensionScoring {
  const reasons: TrustReason[] = [];
  const advice: AdviceItem[] = [];

  if (!isBlank(evidence.title)) reasons.push({ text: 'Title given', points: CLAIM_CLARITY.title });
  else advice.push({ text: `Give the work a title (+${CLAIM_CLARITY.title}).`, gain: CLAIM_CLARITY.title });

  const level = specificity.level;
  if (level === 'none') {
    advice.push({
      text: `Add the prompt you used: without a prompt a work stays below Verified (${VERIFIED_THRESHOLD}).`,
      gain: BLOCKING_ADVICE_GAIN,
    });
  } else {
    reasons.push({ text: 'Prompt provided', points: CLAIM_CLARITY.promptGiven });
    const isPublic = evidence.promptVisibility === 'public';
    const points = (isPublic ? CLAIM_CLARITY.publicPrompt : CLAIM_CLARITY.privatePrompt)[level];
    const joiner = isPublic ? (level === 'vague' ? 'public but' : 'public and') : 'private and';
    reasons.push({ text: `Prompt is ${joiner} ${LEVEL_WORDS[level]}`, points });

    if (!isPublic) {
      const gain = CLAIM_CLARITY.publicPrompt[level] - points;
      advice.push({ text: `Make the prompt public so visitors can check it (+${gain}).`, gain });
    }
    if (level !== 'specific') {
      const table = isPublic ? CLAIM_CLARITY.publicPrompt : CLAIM_CLARITY.privatePrompt;
      const gain = table.specific - points;
      const missing = PROMPT_CATEGORIES.filter((c) => !specificity.details.categories.includes(c)).map((c) => CATEGORY_LABELS[c]);
      advice.push({
        text: `Make the prompt more specific, for example by describing its ${listOf(missing)} (up to +${gain}).`,
        gain,
      });
    }
  }

  const tool = claimedToolName(evidence);
  if (tool) reasons.push({ text: `AI tool named (${tool})`, points: CLAIM_CLARITY.tool });
  else advice.push({ text: `Name the AI tool you used (+${CLAIM_CLARITY.tool}).`, gain: CLAIM_CLARITY.tool });

  if (!isBlank(evidence.story)) reasons.push({ text: 'Story or context given', points: CLAIM_CLARITY.story });
  else advice.push({ text: `Tell the story or context of the work (+${CLAIM_CLARITY.story}).`, gain: CLAIM_CLARITY.story });

  return { reasons, advice };
}
