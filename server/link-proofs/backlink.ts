// The back-link rule (decision 0060): a page proves a link when its owner made it point back here.
// Strongest, a rel="me" link (the IndieWeb and Mastodon convention) to the artist's page or the
// work's proof page; for platforms that strip rel from what users write, the proof address or the
// registry ID in the page's visible text.
import type { BacklinkFailure } from '../../core/link-proof-texts';
import { scanPage, type ScanLimits } from './html-scan';
import { normaliseLink } from './normalise-url';

export interface ExpectedLinks {
  /** Absolute addresses on this registry the page may link to (artist page, proof pages). */
  urls: readonly string[];
  /** Registry IDs ('VW-2025-000001') the page may name in its text. */
  registryIds: readonly string[];
}

export type BacklinkMethod = 'rel_me' | 'text_url' | 'text_registry_id';

export type BacklinkVerdict = { proven: true; method: BacklinkMethod; matched: string } | { proven: false; reason: BacklinkFailure };

// A URL in running text ends at white space or a character that cannot end a URL in prose.
const TEXT_URL = /https?:\/\/[^\s<>"'`]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function registryIdIn(text: string, ids: readonly string[]): string | null {
  for (const id of ids) {
    // Whole IDs only: 'VW-2025-000001' must not be found inside 'VW-2025-0000012'.
    if (new RegExp(`(?<![A-Za-z0-9-])${escapeRegExp(id)}(?![A-Za-z0-9-])`, 'i').test(text)) return id;
  }
  return null;
}

// Relative links resolve against <base href> when the page has one, as a browser would resolve them.
function resolveBase(baseHref: string | null, pageUrl: string): string {
  if (baseHref === null) return pageUrl;
  try {
    return new URL(baseHref, pageUrl).href;
  } catch {
    return pageUrl;
  }
}

/** Whether `html`, read from `pageUrl`, links back to one of `expected`. */
export function findBacklink(html: string, pageUrl: string, expected: ExpectedLinks, limits?: ScanLimits): BacklinkVerdict {
  const wanted = new Set(expected.urls.map((u) => normaliseLink(u)).filter((u): u is string => u !== null));
  const scan = scanPage(html, limits);
  const base = resolveBase(scan.baseHref, pageUrl);
  for (const href of scan.relMeHrefs) {
    const link = normaliseLink(href, base);
    if (link !== null && wanted.has(link)) return { proven: true, method: 'rel_me', matched: link };
  }
  for (const [raw] of scan.visibleText.matchAll(TEXT_URL)) {
    const link = normaliseLink(raw.replace(TRAILING_PUNCTUATION, ''));
    if (link !== null && wanted.has(link)) return { proven: true, method: 'text_url', matched: link };
  }
  const id = registryIdIn(scan.visibleText, expected.registryIds);
  if (id !== null) return { proven: true, method: 'text_registry_id', matched: id };
  return { proven: false, reason: scan.truncated ? 'page_too_complex' : 'no_link_back' };
}
