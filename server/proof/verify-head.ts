// /verify/{id} for crawlers and link previews (decision 0019): the work's title, description,
// canonical URL, Open Graph / Twitter tags, oEmbed discovery and VisualArtwork JSON-LD in the
// HTML itself, plus a short text body for readers without JavaScript. Missing, private or
// deleted works get 404 and the 'Submission Not Found' text (docs/product.md §2).
import type { PublicWork } from '../../core/api-types';
import { BADGE_SIZES, HASH_DISPLAY, TRUST_MAX } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import { trustStatus } from '../../core/status';
import { SITE_NAME } from '../../core/site';
import { trainingConsentHeaders, trainingConsentMeta } from '../../core/training-consent';
import type { PageHead } from '../http/pages';
import { documentTitle, headTags, type SocialImage } from './head-tags';
import { escapeHtml } from '../http/html-escape';
import { visualArtworkJsonLd } from './jsonld';
import { absoluteUrl, artefactUrl, siteBase } from './urls';

export const NOT_FOUND_TITLE = MESSAGES.submissionNotFound.title;
export const NOT_FOUND_TEXT = MESSAGES.submissionNotFound.description;
export const BACK_TO_LEDGER = 'Back to Public Ledger';

export function notFoundHead(): PageHead {
  return {
    status: 404,
    title: documentTitle(NOT_FOUND_TITLE),
    headHtml: '<meta name="robots" content="noindex">',
    bodyHtml: `<main><h1>${NOT_FOUND_TITLE}</h1><p>${escapeHtml(NOT_FOUND_TEXT)}</p><p><a href="/ledger">${BACK_TO_LEDGER}</a></p></main>`,
  };
}

function socialImage(work: PublicWork, siteUrl: string): SocialImage {
  const alt = `${work.title} by ${work.artist_name}`;
  const image = absoluteUrl(siteUrl, work.image_url);
  if (image) return { url: image, width: work.image_width, height: work.image_height, alt };
  // No image on record: the large badge still gives link previews a picture.
  return { url: `${artefactUrl(siteUrl, work.registry_id, 'badge.png')}?size=large`, ...BADGE_SIZES.large, alt };
}

export function verifyPageHead(work: PublicWork, siteUrl: string): PageHead {
  const status = trustStatus(work.trust_meter);
  const score = `${work.trust_meter}/${TRUST_MAX}`;
  const title = `${work.title} by ${work.artist_name}`;
  const hash = work.image_hash ? ` SHA-256 ${work.image_hash.slice(0, HASH_DISPLAY.full)}…` : '';
  const description = `${status.label} (${score}) in the ${SITE_NAME} public registry. Registry ID ${work.registry_id}.${hash} Registered ${work.created_at.slice(0, 10)} with ${work.tool}.`;
  const oembedBase = `${siteBase(siteUrl)}/oembed?url=${encodeURIComponent(work.verify_url)}`;
  const headHtml = headTags({
    title,
    description,
    canonicalUrl: work.verify_url,
    ogType: 'article',
    image: socialImage(work, siteUrl),
    oembedUrl: `${oembedBase}&format=json`,
    oembedXmlUrl: `${oembedBase}&format=xml`,
    jsonLd: visualArtworkJsonLd(work, siteUrl),
    extraMeta: trainingConsentMeta(work.permissions.allow_ai_training, siteUrl),
  });
  const artistHref = `/artist/${encodeURIComponent(work.artist_name)}`;
  const bodyHtml =
    `<main><h1>${escapeHtml(work.title)}</h1>` +
    `<p>by <a href="${escapeHtml(artistHref)}">${escapeHtml(work.artist_name)}</a> · ${escapeHtml(work.created_at.slice(0, 10))}</p>` +
    `<p>Status: ${escapeHtml(status.label)} · Trust score ${escapeHtml(score)}</p>` +
    `<p>Registry ID: ${escapeHtml(work.registry_id)}</p>` +
    (work.image_hash ? `<p>SHA-256: <code>${escapeHtml(work.image_hash)}</code></p>` : '') +
    `<p><a href="/ledger">Back to Ledger</a></p></main>`;
  const headers = trainingConsentHeaders(work.permissions.allow_ai_training, siteUrl);
  return { status: 200, title: documentTitle(title), headHtml, bodyHtml, headers };
}
