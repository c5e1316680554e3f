import { Feed } from 'feed';
import { SITE_NAME } from '../../../../core/site';
import type { WriterMeta } from '../metadata';
import type { PublicApiRecord } from '../record';
import { stripInvalidXmlChars } from '../xml-text';

/**
 * RSS 2.0 via the `feed` package: one item per work, linking to its proof page. With no
 * explicit guid, `feed` writes <guid isPermaLink="true"> with the link, i.e. the ledger_url.
 * `feed` escapes text and splits "]]>" inside CDATA itself, but passes XML-forbidden control
 * characters through, so every text is cleaned first.
 */
export function writeRss(records: readonly PublicApiRecord[], meta: WriterMeta): string {
  const site = meta.siteUrl.replace(/\/+$/, '');
  const feed = new Feed({
    title: `${SITE_NAME} Public Ledger`,
    link: `${site}/ledger`,
    description: `Newly registered AI-generated artworks in the ${SITE_NAME} public registry, with trust scores and proof pages.`,
    id: `${site}/ledger`,
    language: 'en',
    updated: new Date(meta.metadata.generated_at),
    generator: SITE_NAME,
    feedLinks: { rss: `${site}/api/v1/ledger?format=rss` },
  });
  for (const record of records) {
    feed.addItem({
      title: clean(record.title),
      link: record.ledger_url,
      date: new Date(record.created_at),
      description: clean(describe(record)),
      category: record.tags.map((tag) => ({ name: clean(tag) })),
    });
  }
  return feed.rss2();
}

/** Plain-text summary shown by feed readers. */
function describe(record: PublicApiRecord): string {
  const parts = [
    record.artist_name ? `By ${record.artist_name}.` : null,
    record.tool ? `Tool: ${record.tool}.` : null,
    `Trust score ${record.trust_meter}/100 (${record.status}).`,
    `Registry ID ${record.id}.`,
    record.prompt ? `Prompt: ${record.prompt}` : null,
  ];
  return parts.filter((p): p is string => p !== null).join(' ');
}

function clean(text: string): string {
  return stripInvalidXmlChars(text);
}
