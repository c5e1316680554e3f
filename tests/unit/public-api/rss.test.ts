import { XMLParser, XMLValidator } from 'fast-xml-parser';
import Parser from 'rss-parser';
import { describe, expect, it } from 'vitest';
import { toPublicRecord } from '../../../server/ledger/public-api/record';
import { writeRss } from '../../../server/ledger/public-api/writers/rss';
import { hasTool, runTool } from './external-tools';
import { SITE, TRICKY_TITLES, makeRow } from './fixtures';
import { writerMeta } from './meta';

const titles = Object.values(TRICKY_TITLES);
const records = titles.map((title) => toPublicRecord(makeRow({ title }), { siteUrl: SITE, includePrompts: true }));
const rss = writeRss(records, writerMeta(records.length, { include_prompts: true }));

describe('RSS export', () => {
  it('is an RSS 2.0 document with the channel title, link to the ledger and a description', async () => {
    expect(XMLValidator.validate(rss)).toBe(true);
    expect(rss).toContain('<rss version="2.0"');
    const feed = await new Parser().parseString(rss);
    expect(feed.title).toBe('VeriWork Public Ledger');
    expect(feed.link).toBe('https://ledger.example/ledger');
    expect(feed.description).toBe(
      'Newly registered AI-generated artworks in the VeriWork public registry, with trust scores and proof pages.',
    );
    expect(feed.lastBuildDate).toBe('Sun, 22 Nov 2026 08:30:00 GMT');
  });

  it('round-trips titles with quotes, commas, newlines, markup, emoji and a leading = through rss-parser', async () => {
    const feed = await new Parser().parseString(rss);
    expect(feed.items.map((item) => item.title)).toEqual([
      'She said "hello", then left',
      'Line one\nLine two',
      '<script>alert(1)</script> & friends',
      'Sunset 🌅 over the sea',
      '=HYPERLINK("http://x.test","click")',
    ]);
  });

  it('links each item to its proof page, with the proof URL as a permalink guid and an RFC 822 pubDate', async () => {
    const feed = await new Parser().parseString(rss);
    const first = feed.items[0];
    expect(first.link).toBe(records[0].ledger_url);
    expect(first.guid).toBe(records[0].ledger_url);
    expect(first.pubDate).toBe(new Date(records[0].created_at).toUTCString());
    expect(first.isoDate).toBe(records[0].created_at);
    const raw = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(rss);
    expect(raw.rss.channel.item[0].guid['@isPermaLink']).toBe('true');
  });

  it('describes each work in plain text, with its public prompt when prompts were asked for', async () => {
    const feed = await new Parser().parseString(rss);
    expect(feed.items[0].content).toBe(
      `By Ada Lovelace. Tool: Midjourney. Trust score 70/100 (Documented, trust rubric 2026-11.3). Registry ID ${records[0].id}. ` +
        'Prompt: a lighthouse in fog, oil painting',
    );
    expect(feed.items[0].categories).toEqual(['AI Art', 'landscape']);
  });

  it('replaces control characters that would make the feed unparseable with U+FFFD', async () => {
    const record = toPublicRecord(makeRow({ title: 'Bell\u0007 title' }), { siteUrl: SITE, includePrompts: false });
    const out = writeRss([record], writerMeta(1));
    expect(XMLValidator.validate(out)).toBe(true);
    expect((await new Parser().parseString(out)).items[0].title).toBe('Bell\uFFFD title');
  });

  it.skipIf(!hasTool('xmllint'))('passes xmllint --noout', () => {
    expect(runTool('xmllint', ['--noout', '-'], rss)).toEqual({ status: 0, stdout: '', stderr: '' });
  });
});
