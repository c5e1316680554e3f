// Prompt specificity analysis (docs/product.md §1): how precisely a prompt describes its picture.
//
// A deterministic heuristic, no model involved, so the same prompt always gets the same result:
// 1. Technical parameters are found and cut out first: Midjourney flags ('--ar 16:9'),
//    generation settings ('steps: 30', 'seed: 42', 'cfg scale: 7', 'sampler: ...'), LoRA tags,
//    pixel sizes ('1024x768'). Only their names are kept.
// 2. The remaining text is split into words. Content words have 3+ characters and are neither
//    English function words nor generic quality boosters ('masterpiece', '8k', 'highly detailed').
// 3. Seven descriptive categories are looked for: subject (any content word outside the other
//    lists), style or medium, lighting, composition or camera, colour, mood (small word and
//    phrase lists in prompt-vocabulary.ts), and technical parameters (step 1).
// 4. score = min(40, 2 × distinct content words) + 8 × categories present (at most 56)
//    + 4 when the prompt is 60 characters or longer and has a content word; 0-100.
// 5. level: 'none' without a prompt, 'vague' below 30, 'moderate' 30-59, 'specific' 60 and above.
// Examples: 'a cat' → 10, vague; 'a red fox sleeping in a snowy forest, watercolor' → 36,
// moderate; a prompt naming subject, medium, light, framing, colours and mood → specific.
import { CATEGORY_VOCABULARY, QUALITY_BOOSTERS, TECHNICAL_PATTERNS } from './prompt-vocabulary';
import type { PromptCategory, PromptSpecificity, SpecificityLevel } from './types';
import { givenPrompt, significantWords, words } from './words';

export const SPECIFICITY = {
  pointsPerContentWord: 2,
  contentWordPointsMax: 40,
  pointsPerCategory: 8,
  longPromptCharacters: 60,
  longPromptPoints: 4,
  moderateFrom: 30,
  specificFrom: 60,
} as const;

/** All seven categories in a fixed order, so results and advice list them the same way every time. */
export const PROMPT_CATEGORIES: readonly PromptCategory[] = [
  'subject',
  'style_medium',
  'lighting',
  'composition_camera',
  'colour',
  'mood',
  'technical',
];

export const CATEGORY_LABELS: Readonly<Record<PromptCategory, string>> = {
  subject: 'subject',
  style_medium: 'style or medium',
  lighting: 'lighting',
  composition_camera: 'composition or camera',
  colour: 'colour',
  mood: 'mood',
  technical: 'technical parameters',
};

/** Finds the technical parameters, returning their names and the text without them. */
function extractParameters(lowerText: string): { names: string[]; rest: string } {
  const names: string[] = [];
  let rest = lowerText;
  for (const { name, pattern } of TECHNICAL_PATTERNS) {
    for (const match of rest.matchAll(pattern)) {
      const found = name(match);
      if (!names.includes(found)) names.push(found);
    }
    rest = rest.replace(pattern, ' ');
  }
  return { names, rest };
}

function levelFor(score: number): Exclude<SpecificityLevel, 'none'> {
  if (score >= SPECIFICITY.specificFrom) return 'specific';
  if (score >= SPECIFICITY.moderateFrom) return 'moderate';
  return 'vague';
}

export function analysePromptSpecificity(prompt: string | null | undefined): PromptSpecificity {
  const text = givenPrompt(prompt);
  if (text === null) {
    return { score: 0, level: 'none', details: { characters: 0, distinctContentWords: 0, categories: [], parameters: [] } };
  }

  const { names: parameters, rest } = extractParameters(text.normalize('NFKC').toLowerCase());
  const phraseText = ` ${words(rest).join(' ')} `;
  const allWords = new Set(words(rest));
  const contentWords = new Set(significantWords(rest).filter((w) => !QUALITY_BOOSTERS.has(w)));

  const present = new Set<PromptCategory>();
  const describing = new Set<string>();
  for (const vocabulary of CATEGORY_VOCABULARY) {
    const hits = [...allWords].filter((w) => vocabulary.words.has(w));
    hits.forEach((w) => describing.add(w));
    const phraseHit = vocabulary.phrases.some((p) => phraseText.includes(` ${p} `));
    const patternHit = vocabulary.patterns.some((p) => p.test(rest));
    if (hits.length > 0 || phraseHit || patternHit) present.add(vocabulary.category);
  }
  // The subject is what is left once style, light, framing, colour and mood words are set aside.
  if ([...contentWords].some((w) => !describing.has(w))) present.add('subject');
  if (parameters.length > 0) present.add('technical');

  const categories = PROMPT_CATEGORIES.filter((c) => present.has(c));
  const characters = [...text].length;
  const score = Math.min(
    100,
    Math.min(SPECIFICITY.contentWordPointsMax, SPECIFICITY.pointsPerContentWord * contentWords.size) +
      SPECIFICITY.pointsPerCategory * categories.length +
      (characters >= SPECIFICITY.longPromptCharacters && contentWords.size > 0 ? SPECIFICITY.longPromptPoints : 0),
  );

  return {
    score,
    level: levelFor(score),
    details: { characters, distinctContentWords: contentWords.size, categories, parameters },
  };
}
