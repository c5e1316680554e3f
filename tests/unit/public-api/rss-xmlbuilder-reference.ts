// The RSS writer as it was, on xmlbuilder2's document builder: the reference the text writer must equal byte for byte.
import { create } from 'xmlbuilder2';
import { SITE_NAME } from '../../../core/site';
import { escapeHtml } from '../../../server/http/html-escape';
import type { WriterMeta } from '../../../server/ledger/public-api/metadata';
import type { PublicApiRecord } from '../../../server/ledger/public-api/record';
import { exactXmlText } from '../../../server/http/xml-text';

type XMLBuilder = ReturnType<typeof create>;

const ATOM = 'http://www.w3.org/2005/Atom';

/**
 * RSS 2.0: one item per work, linking to its proof page (guid = the proof page URL).
 *
 * Everything an artist typed is plain text and must be shown as typed, never run as markup.
 * - title and category are plain-text elements: the XML text is exactly the stored text.
 * - description is read as HTML by feed readers (RSS 2.0 "entity-encoded HTML"), so its plain
 *   text is HTML-escaped first: a title "<b>x</b>" is displayed as those eight characters.
 * Written with xmlbuilder2 rather than the `feed` package, whose CDATA splitting handles only the
 * first "]]>" in a text and whose plain-text escaping turns a stored "&amp;" into "&".
 */
export function writeRssWithXmlbuilder(records: readonly PublicApiRecord[], meta: WriterMeta): string {
  const site = meta.siteUrl.replace(/\/+$/, '');
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const channel = doc.ele('rss', { version: '2.0', 'xmlns:atom': ATOM }).ele('channel');
  text(channel, 'title', `${SITE_NAME} Public Ledger`);
  text(channel, 'link', `${site}/ledger`);
  text(
    channel,
    'description',
    `Newly registered AI-generated artworks in the ${SITE_NAME} public registry, with trust scores and proof pages.`,
  );
  text(channel, 'language', 'en');
  text(channel, 'lastBuildDate', new Date(meta.metadata.generated_at).toUTCString());
  text(channel, 'docs', 'https://www.rssboard.org/rss-specification');
  text(channel, 'generator', SITE_NAME);
  channel.ele(ATOM, 'atom:link', { href: `${site}/api/v1/ledger?format=rss`, rel: 'self', type: 'application/rss+xml' });

  for (const record of records) {
    const item = channel.ele('item');
    text(item, 'title', record.title);
    text(item, 'link', record.ledger_url);
    item.ele('guid', { isPermaLink: 'true' }).txt(exactXmlText(record.ledger_url));
    text(item, 'pubDate', new Date(record.created_at).toUTCString());
    text(item, 'description', escapeHtml(describe(record)));
    for (const tag of record.tags) text(item, 'category', tag);
  }
  return doc.end({ prettyPrint: true });
}

function text(parent: XMLBuilder, name: string, value: string): void {
  parent.ele(name).txt(exactXmlText(value));
}

/** Plain-text summary shown by feed readers. */
function describe(record: PublicApiRecord): string {
  const parts = [
    record.artist_name ? `By ${record.artist_name}.` : null,
    record.tool ? `Tool: ${record.tool}.` : null,
    `Trust score ${record.trust_meter}/100 (${record.status}${record.rubric_version ? `, trust rubric ${record.rubric_version}` : ''}).`,
    `Registry ID ${record.id}.`,
    record.prompt ? `Prompt: ${record.prompt}` : null,
  ];
  return parts.filter((p): p is string => p !== null).join(' ');
}
