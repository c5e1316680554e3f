// Building blocks of the server-rendered <head>: meta tags, Open Graph, Twitter card, canonical
// link and JSON-LD. Every value is escaped here, so callers pass plain text.
import { SITE_NAME } from '../../core/site';
import { escapeHtml, jsonForScript, truncate } from '../http/html-escape';

export interface SocialImage {
  url: string;
  width?: number | null;
  height?: number | null;
  alt: string;
}

export interface HeadTagsInput {
  title: string;
  description: string;
  canonicalUrl: string;
  ogType: 'article' | 'profile' | 'website';
  image?: SocialImage | null;
  /** oEmbed discovery: the JSON endpoint, and the XML one (oEmbed 1.0 §4 lists both). */
  oembedUrl?: string;
  oembedXmlUrl?: string;
  jsonLd?: unknown;
  noindex?: boolean;
  /** More <meta name content> pairs (e.g. TDMRep's tdm-reservation and tdm-policy). */
  extraMeta?: [string, string][];
}

/** Search engines cut descriptions around 160 characters; link previews a little later. */
const DESCRIPTION_CHARS = 200;

function meta(attr: 'name' | 'property', key: string, content: string | number): string {
  return `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;
}

export function documentTitle(title: string): string {
  return escapeHtml(`${title} | ${SITE_NAME}`);
}

export function headTags(input: HeadTagsInput): string {
  const description = truncate(input.description.replace(/\s+/g, ' ').trim(), DESCRIPTION_CHARS);
  const tags = [
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(input.canonicalUrl)}">`,
    input.noindex ? meta('name', 'robots', 'noindex') : '',
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', input.ogType),
    meta('property', 'og:title', input.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', input.canonicalUrl),
    meta('name', 'twitter:card', input.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', input.title),
    meta('name', 'twitter:description', description),
    ...(input.extraMeta ?? []).map(([name, content]) => meta('name', name, content)),
  ];
  if (input.image) {
    tags.push(meta('property', 'og:image', input.image.url));
    if (input.image.width) tags.push(meta('property', 'og:image:width', input.image.width));
    if (input.image.height) tags.push(meta('property', 'og:image:height', input.image.height));
    tags.push(
      meta('property', 'og:image:alt', input.image.alt),
      meta('name', 'twitter:image', input.image.url),
      meta('name', 'twitter:image:alt', input.image.alt),
    );
  }
  if (input.oembedUrl) {
    tags.push(
      `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(input.oembedUrl)}" title="${escapeHtml(input.title)}">`,
    );
  }
  if (input.oembedXmlUrl) {
    tags.push(
      `<link rel="alternate" type="text/xml+oembed" href="${escapeHtml(input.oembedXmlUrl)}" title="${escapeHtml(input.title)}">`,
    );
  }
  if (input.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(input.jsonLd)}</script>`);
  return tags.filter(Boolean).join('\n');
}
