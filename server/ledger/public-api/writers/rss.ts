import { SITE_NAME } from '../../../../core/site';
import { escapeHtml } from '../../../http/html-escape';
import type { WriterMeta } from '../metadata';
import type { PublicApiRecord } from '../record';
import { escapedXmlText } from '../../../http/xml-text';

const ATOM = 'http://www.w3.org/2005/Atom';

/**
 * RSS 2.0: one item per work, linking to its proof page (guid = the proof page URL).
 *
 * Everything an artist typed is plain text and must be shown as typed, never run as markup.
 * - title and category are plain-text elements: the XML text is exactly the stored text.
 * - description is read as HTML by feed readers (RSS 2.0 "entity-encoded HTML"), so its plain
 *   text is HTML-escaped first: a title "<b>x</b>" is displayed as those eight characters.
 * Not written with the `feed` package, whose CDATA splitting handles only the first "]]>" in a
 * text and whose plain-text escaping turns a stored "&amp;" into "&". Written as text in the
 * layout xmlbuilder2's pretty printer gave, byte for byte (tests/unit/public-api/rss-writer.test.ts
 * compares them): building its document first cost several times the database's time at
 * limit=1000 (issue 38).
 */
export function writeRss(records: readonly PublicApiRecord[], meta: WriterMeta): string {
  const site = meta.siteUrl.replace(/\/+$/, '');
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:atom="${ATOM}">`,
    '  <channel>',
    text('    ', 'title', `${SITE_NAME} Public Ledger`),
    text('    ', 'link', `${site}/ledger`),
    text(
      '    ',
      'description',
      `Newly registered AI-generated artworks in the ${SITE_NAME} public registry, with trust scores and proof pages.`,
    ),
    text('    ', 'language', 'en'),
    text('    ', 'lastBuildDate', new Date(meta.metadata.generated_at).toUTCString()),
    text('    ', 'docs', 'https://www.rssboard.org/rss-specification'),
    text('    ', 'generator', SITE_NAME),
    `    <atom:link href="${attribute(`${site}/api/v1/ledger?format=rss`)}" rel="self" type="application/rss+xml"/>`,
  ];
  for (const record of records) {
    lines.push('    <item>');
    lines.push(text('      ', 'title', record.title));
    lines.push(text('      ', 'link', record.ledger_url));
    lines.push(text('      ', 'guid', record.ledger_url).replace('<guid', '<guid isPermaLink="true"'));
    lines.push(text('      ', 'pubDate', new Date(record.created_at).toUTCString()));
    lines.push(text('      ', 'description', escapeHtml(describe(record))));
    for (const tag of record.tags) lines.push(text('      ', 'category', tag));
    lines.push('    </item>');
  }
  lines.push('  </channel>', '</rss>');
  return lines.join('\n');
}

/** One text element as xmlbuilder2 wrote it. */
function text(indent: string, name: string, value: string): string {
  if (value === '') return `${indent}<${name}/>`;
  return `${indent}<${name}>${escapedXmlText(value)}</${name}>`;
}

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
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
