// oEmbed (https://oembed.com) for proof pages: a 'rich' response whose html is the badge snippet.
import type { PublicWork } from '../../core/api-types';
import { BADGE_SIZES } from '../../core/constants';
import { PARAM_PAGE_PATTERNS } from '../../core/routes';
import { normaliseSubmissionRef } from '../../core/ids';
import { SITE_NAME } from '../../core/site';
import { embedBadgeSnippet } from '../../core/embed-badge';
import { badgeEmbedHtml } from './embed';
import { artefactUrl, artistUrl, siteBase } from './urls';

export interface OEmbedRich {
  version: '1.0';
  type: 'rich';
  title: string;
  author_name: string;
  author_url: string;
  provider_name: string;
  provider_url: string;
  cache_age: number;
  html: string;
  width: number;
  height: number;
  /** Only when the thumbnail fits the consumer's maxwidth and maxheight (oEmbed §2.2: all three or none). */
  thumbnail_url?: string;
  thumbnail_width?: number;
  thumbnail_height?: number;
  /** Extension (oEmbed allows provider fields): the live badge element, next to the image badge. */
  badge_element_html: string;
}

/** Narrowest badge we draw: below this the text is unreadable, so we answer 404 (oEmbed §2.3.4). */
export const OEMBED_MIN_WIDTH = 100;
const CACHE_AGE_SECONDS = 300;

/** The submission named by a proof page URL of this site, or null for any other URL. */
export function oembedTarget(url: unknown, siteUrl: string): string | null {
  if (typeof url !== 'string') return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  // Same host as the site; http and https both name the same page.
  if (parsed.host !== new URL(siteBase(siteUrl)).host || !/^https?:$/.test(parsed.protocol)) return null;
  const match = PARAM_PAGE_PATTERNS.verify.exec(parsed.pathname);
  if (!match) return null;
  try {
    return normaliseSubmissionRef(decodeURIComponent(match[1]));
  } catch {
    return null;
  }
}

/** Badge size within the consumer's limits, keeping its 8:3 shape; null when it cannot fit. */
export function oembedSize(maxWidth?: number, maxHeight?: number): { width: number; height: number } | null {
  const { width: w, height: h } = BADGE_SIZES.small;
  let scale = 1;
  if (maxWidth && maxWidth > 0) scale = Math.min(scale, maxWidth / w);
  if (maxHeight && maxHeight > 0) scale = Math.min(scale, maxHeight / h);
  const width = Math.floor(w * scale);
  if (width < OEMBED_MIN_WIDTH) return null;
  return { width, height: Math.floor((width * h) / w) };
}

export function oembedResponse(work: PublicWork, siteUrl: string, size: { width: number; height: number }): OEmbedRich {
  const embed = { registryId: work.registry_id, title: work.title, artistName: work.artist_name, proofUrl: work.verify_url };
  return {
    version: '1.0',
    type: 'rich',
    title: work.title,
    author_name: work.artist_name,
    author_url: artistUrl(siteUrl, work.artist_name),
    provider_name: SITE_NAME,
    provider_url: `${siteBase(siteUrl)}/`,
    cache_age: CACHE_AGE_SECONDS,
    html: badgeEmbedHtml(embed, siteUrl, size),
    width: size.width,
    height: size.height,
    // The thumbnail is the small PNG badge; a consumer asking for less gets none rather than one
    // larger than it allows (issue 35): the badge in `html` is scaled to its limits instead.
    ...(size.width >= BADGE_SIZES.small.width
      ? {
          thumbnail_url: `${artefactUrl(siteUrl, work.registry_id, 'badge.png')}?size=small`,
          thumbnail_width: BADGE_SIZES.small.width,
          thumbnail_height: BADGE_SIZES.small.height,
        }
      : {}),
    badge_element_html: embedBadgeSnippet(siteBase(siteUrl), work.registry_id),
  };
}
