// /artist/{name} for crawlers: title, description with the count of public works, the newest
// work's image, and JSON-LD Person + ItemList. An unknown artist is still a page (200, the app
// shows its empty state) but says nothing beyond the name in the URL.
import type { WorkSummary } from '../../core/api-types';
import { SITE_NAME } from '../../core/site';
import { NO_ARTIST_WORKS_TEXT, registeredWorksText } from '../../core/status';
import type { PageHead } from '../http/pages';
import { documentTitle, headTags } from './head-tags';
import { escapeHtml } from '../http/html-escape';
import { artistJsonLd } from './jsonld';
import { absoluteUrl, artistUrl } from './urls';

export function artistPageHead(input: {
  artistName: string;
  total: number;
  /** Of `total`, the works at or above the Verified threshold. */
  verified: number;
  works: WorkSummary[];
  siteUrl: string;
}): PageHead {
  const { artistName, total, verified, works, siteUrl } = input;
  const countText = registeredWorksText(total, verified);
  const canonicalUrl = artistUrl(siteUrl, artistName);
  if (total === 0) {
    return {
      status: 200,
      title: documentTitle(artistName),
      headHtml: headTags({ title: artistName, description: NO_ARTIST_WORKS_TEXT, canonicalUrl, ogType: 'profile', noindex: true }),
      bodyHtml: `<main><h1>${escapeHtml(artistName)}</h1><p>${NO_ARTIST_WORKS_TEXT}</p><p><a href="/ledger">Back to Ledger</a></p></main>`,
    };
  }
  const newest = works[0];
  const imageUrl = newest ? absoluteUrl(siteUrl, newest.image_url) : null;
  const headHtml = headTags({
    title: artistName,
    description: `${artistName} in the ${SITE_NAME} public registry of AI-generated artwork: ${countText}.`,
    canonicalUrl,
    ogType: 'profile',
    image: imageUrl
      ? { url: imageUrl, width: newest.image_width, height: newest.image_height, alt: `${newest.title} by ${artistName}` }
      : null,
    jsonLd: artistJsonLd({ artistName, total, works, siteUrl }),
  });
  const items = works
    .map((w) => `<li><a href="/verify/${encodeURIComponent(w.id)}">${escapeHtml(w.title)}</a> · ${escapeHtml(w.registry_id)}</li>`)
    .join('');
  const bodyHtml =
    `<main><h1>${escapeHtml(artistName)}</h1><p>${countText}</p><ul>${items}</ul>` +
    `<p><a href="/ledger">Back to Ledger</a></p></main>`;
  return { status: 200, title: documentTitle(artistName), headHtml, bodyHtml };
}
