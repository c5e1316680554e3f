// How a tag is written and compared (decision 0021). The ledger's tag filter is an exact match on
// the stored text, so 'Portrait', ' portrait ' and 'portrait' must all be stored as 'portrait';
// 'AI Art', the tag every work carries, keeps its spelling.
import { TAGS } from './constants';

/**
 * Letters (with their accents), digits, and a few joiners: 'sci-fi', 'rock & roll', "80's",
 * 'v6.1', 'c++'. No commas or semicolons (the CSV export separates tags with '; ').
 */
export const TAG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} '&.+-]*$/u;

/**
 * The stored form of a tag: a leading '#' dropped ('#portrait' is how many people write tags),
 * trimmed, inner spaces collapsed, lower case; 'ai art' in any case becomes 'AI Art'.
 */
export function normaliseTag(tag: string): string {
  const text = tag
    .replace(/^\s*#+/, '')
    .trim()
    .replace(/\s+/g, ' ');
  const lower = text.toLocaleLowerCase('en');
  return lower === TAGS.always.toLocaleLowerCase('en') ? TAGS.always : lower;
}

export function isAlwaysTag(tag: string): boolean {
  return normaliseTag(tag) === TAGS.always;
}

/** The stored list: 'AI Art' first, then the artist's tags, normalised, without blanks or repeats. */
export function normaliseTags(tags: readonly string[]): string[] {
  const out = new Set<string>([TAGS.always]);
  for (const tag of tags) {
    const t = normaliseTag(tag);
    if (t) out.add(t);
  }
  return [...out];
}
