// Semantic tokens: the distinctive words of a prompt, shown on the proof page and in exports (docs/product.md §5).
import { NO_PROMPT_TEXT, SEMANTIC_TOKENS, type PromptVisibility } from './constants';

// Apostrophes join a word ("artist's" → "artists"); every other punctuation mark or symbol
// separates words, so "sunset,ocean" and "cyberpunk/noir" give two tokens, not one glued word.
const APOSTROPHES = /['’‘`´]/gu;
const NON_WORD = /[^\p{L}\p{N}]+/u;

/**
 * Lower-cased words of the prompt, punctuation removed, words shorter than 3 characters
 * dropped, each word once in order of first appearance, at most `max` of them.
 * The placeholder stored for an empty prompt gives no tokens.
 */
export function semanticTokens(prompt: string | null | undefined, max: number = SEMANTIC_TOKENS.shown): string[] {
  if (!prompt || prompt.trim() === NO_PROMPT_TEXT || max <= 0) return [];
  const seen = new Set<string>();
  const words = prompt.toLowerCase().replace(APOSTROPHES, '').split(NON_WORD);
  for (const word of words) {
    if ([...word].length < SEMANTIC_TOKENS.minWordLength || seen.has(word)) continue;
    seen.add(word);
    if (seen.size >= max) break;
  }
  return [...seen];
}

/** Tokens only for a public prompt: a private prompt must not leak through its words (decision 0017). */
export function publicSemanticTokens(
  prompt: string | null | undefined,
  visibility: PromptVisibility | string | null | undefined,
  max: number = SEMANTIC_TOKENS.shown,
): string[] {
  return visibility === 'public' ? semanticTokens(prompt, max) : [];
}
