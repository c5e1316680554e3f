// The 'Badge code' snippet (docs/product.md §2 copy action) and oEmbed's html: a link to the proof page
// around the live badge, so an embedded badge always shows the work's current status.
import { BADGE_SIZES } from '../../core/constants';
import { SITE_NAME } from '../../core/site';
import { escapeHtml } from '../http/html-escape';
import { liveBadgeUrl } from './urls';

export interface EmbedInput {
  registryId: string;
  title: string;
  artistName: string;
  proofUrl: string;
}

export function badgeEmbedHtml(
  work: EmbedInput,
  siteUrl: string,
  size: { width: number; height: number } = BADGE_SIZES.small,
): string {
  const alt = `${SITE_NAME} verification badge for ${work.title} by ${work.artistName}, Registry ID ${work.registryId}`;
  return (
    `<a href="${escapeHtml(work.proofUrl)}" target="_blank" rel="noopener">` +
    `<img src="${escapeHtml(liveBadgeUrl(siteUrl, work.registryId))}" width="${size.width}" height="${size.height}" alt="${escapeHtml(alt)}">` +
    `</a>`
  );
}
