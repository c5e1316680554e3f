// Where the AI tool ran (decision 0021), and how values stored before the artist could choose
// ('Web Browser') count in the ledger's platform filter: as 'Web', without rewriting the records.
import { LEGACY_PLATFORMS, PLATFORMS, type Platform } from './constants';

export function isPlatform(value: unknown): value is Platform {
  return typeof value === 'string' && (PLATFORMS as readonly string[]).includes(value);
}

/** The filter choice a stored platform counts as: 'Web Browser' → 'Web'; anything else as stored. */
export function filterPlatform(stored: string): string {
  // Own keys only: a visitor's 'constructor' must not find Object.prototype's.
  return Object.hasOwn(LEGACY_PLATFORMS, stored) ? LEGACY_PLATFORMS[stored] : stored;
}

/** Every stored value the filter choice `platform` finds: 'Web' → ['Web', 'Web Browser']. */
export function storedPlatformsFor(platform: string): string[] {
  const choice = filterPlatform(platform);
  return [choice, ...Object.keys(LEGACY_PLATFORMS).filter((legacy) => LEGACY_PLATFORMS[legacy] === choice)];
}

const byName = new Intl.Collator('en').compare;

/** Filter options in the wizard's order; values not in the list (none today) follow alphabetically. */
export function comparePlatforms(a: string, b: string): number {
  const rank = (p: string) => {
    const i = (PLATFORMS as readonly string[]).indexOf(p);
    return i === -1 ? PLATFORMS.length : i;
  };
  return rank(a) - rank(b) || byName(a, b);
}
