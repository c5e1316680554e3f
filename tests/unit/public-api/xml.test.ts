import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { toPublicRecord } from '../../../server/ledger/public-api/record';
import { writeXml } from '../../../server/ledger/public-api/writers/xml';
import { hasTool, runTool } from './external-tools';
import { SITE, TRICKY_TITLES, makeRow } from './fixtures';
import { writerMeta } from './meta';

const titles = Object.values(TRICKY_TITLES);
const records = titles.map((title) => toPublicRecord(makeRow({ title }), { siteUrl: SITE, includePrompts: false }));
const xml = writeXml(records, writerMeta(records.length));

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => ['entry', 'tag', 'value'].includes(name),
});

function parsed() {
  return parser.parse(xml).ledger;
}

describe('XML export', () => {
  it('is well-formed XML with a <ledger> root carrying api_version', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(parsed()['@api_version']).toBe('1.0');
  });

  it('carries the response metadata in a <metadata> element', () => {
    const meta = parsed().metadata;
    expect(meta.total_entries).toBe('5');
    expect(meta.limit).toBe('100');
    expect(meta.include_prompts).toBe('false');
    expect(meta.generated_at).toBe('2026-11-22T08:30:00.000Z');
    expect(meta.next_cursor['@xsi:nil']).toBe('true');
  });

  it('round-trips titles with quotes, commas, newlines, markup, emoji and a leading = unchanged', () => {
    expect(parsed().entry.map((e: { title: string }) => e.title)).toEqual([
      'She said "hello", then left',
      'Line one\nLine two',
      '<script>alert(1)</script> & friends',
      'Sunset 🌅 over the sea',
      '=HYPERLINK("http://x.test","click")',
    ]);
  });

  it('escapes markup instead of emitting it', () => {
    expect(xml).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; friends');
    expect(xml).not.toContain('<script>');
  });

  it('writes lists as child elements, permissions as a nested element and null as xsi:nil', () => {
    const entry = parsed().entry[0];
    expect(entry.tags.tag).toEqual(['AI Art', 'landscape']);
    expect(entry.usage_type.value).toEqual(['Personal Project']);
    expect(entry.permissions.allow_ai_training).toBe('true');
    expect(entry.prompt['@xsi:nil']).toBe('true');
    expect(entry.ledger_url).toBe(records[0].ledger_url);
  });

  it('replaces characters XML 1.0 cannot carry (control characters) with U+FFFD and stays parseable', () => {
    const record = toPublicRecord(makeRow({ title: 'Bell\u0007 and\u000C feed\u0000' }), { siteUrl: SITE, includePrompts: false });
    const out = writeXml([record], writerMeta(1));
    expect(XMLValidator.validate(out)).toBe(true);
    expect(parser.parse(out).ledger.entry[0].title).toBe('Bell\uFFFD and\uFFFD feed\uFFFD');
  });

  it('writes an empty page as a ledger with metadata and no entries', () => {
    const out = parser.parse(writeXml([], writerMeta(0))).ledger;
    expect(out.entry).toBeUndefined();
    expect(out.metadata.total_entries).toBe('0');
  });

  it.skipIf(!hasTool('xmllint'))('passes xmllint --noout', () => {
    const run = runTool('xmllint', ['--noout', '-'], xml);
    expect(run).toEqual({ status: 0, stdout: '', stderr: '' });
  });
});
