// Word handling shared by the prompt specificity analysis and the prompt consistency check.
import { NO_PROMPT_TEXT } from '../../../core/constants';

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const DIGITS_ONLY = /^[\p{N}.'’-]+$/u;

// English function words: they say nothing about the picture.
const STOP_WORDS = new Set(
  (
    'the and for with from into onto over under near behind between through about above below ' +
    'like this that these those its his her hers their theirs our ours your yours very some many ' +
    'much more most has have had which who whom whose while are was were been being not nor but ' +
    'all each any there here then than also just only out off own same such too can will would ' +
    'should could may might must shall what when where why how one two three upon within without ' +
    'against along around among across toward towards onto per via both either neither'
  ).split(' '),
);

/** Lower-cased words, in order, with their inner hyphens and apostrophes kept ('close-up'). */
export function words(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(WORD) ?? [];
}

/** Words that can carry meaning: 3+ characters, not a stop word, not a bare number. */
export function significantWords(text: string): string[] {
  return words(text).filter((w) => [...w].length >= 3 && !STOP_WORDS.has(w) && !DIGITS_ONLY.test(w));
}

/** Dice coefficient of the two texts' distinct significant words: 1 same words, 0 none shared. */
export function wordOverlap(a: string, b: string): number {
  const left = new Set(significantWords(a));
  const right = new Set(significantWords(b));
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const w of left) if (right.has(w)) shared += 1;
  return (2 * shared) / (left.size + right.size);
}

/** The prompt as given, or null when there is none (null, blank or the 'No prompt provided' placeholder, any case). */
export function givenPrompt(prompt: string | null | undefined): string | null {
  const trimmed = prompt?.trim() ?? '';
  if (trimmed === '' || trimmed.toLowerCase() === NO_PROMPT_TEXT.toLowerCase()) return null;
  return trimmed;
}

export function isBlank(text: string | null | undefined): boolean {
  return (text?.trim() ?? '') === '';
}
