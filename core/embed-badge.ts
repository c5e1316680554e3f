// The live badge element that other sites embed: its tag, its script's path, and its texts.
// The element (web/src/embed/badge-element.ts), the server and the guides read them from here.

/** `<veriwork-badge work="VW-…">` */
export const EMBED_BADGE_TAG = 'veriwork-badge';
/** The built element, served by the site. */
export const EMBED_BADGE_SCRIPT_PATH = '/embed/badge.js';
/** The JSON the element reads (GET, any origin, no cookies). */
export const embedBadgeDataPath = (id: string) => `/embed/badge/${encodeURIComponent(id)}`;

export const EMBED_BADGE_TEXTS = {
  loading: 'Loading verification…',
  notFoundTitle: 'Not found',
  notFound: "This Registry ID doesn't exist or the submission is private.",
  removedTitle: 'Removed',
  removed: 'This work was removed from the public ledger.',
  unavailableTitle: 'Badge unavailable',
  unavailable: 'The registry could not be reached. Please try again later.',
  openProof: 'Open the proof page',
  trustScore: 'Trust score',
  registeredOn: 'Registered on',
} as const;

/** The snippet a site pastes: the script once, then one element per work. */
export function embedBadgeSnippet(siteUrl: string, registryId: string): string {
  return `<script src="${siteUrl}${EMBED_BADGE_SCRIPT_PATH}" async></script>\n<${EMBED_BADGE_TAG} work="${registryId}"></${EMBED_BADGE_TAG}>`;
}
