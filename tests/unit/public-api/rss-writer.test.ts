// The RSS format is written as text (server/ledger/public-api/writers/rss.ts) and must give the
// very bytes xmlbuilder2's document gave (rss-xmlbuilder-reference.ts), for hard texts in titles,
// tags, prompts and the site address.
import { describe, expect, it } from 'vitest';
import { toPublicRecord } from '../../../server/ledger/public-api';
import { writeRss } from '../../../server/ledger/public-api/writers/rss';
import { makeRow, SITE, TRICKY_TITLES } from './fixtures';
import { writerMeta } from './meta';
import { writeRssWithXmlbuilder } from './rss-xmlbuilder-reference';

const STRANGE_TEXTS = [
  '',
  ' ',
  'Tom &amp; Jerry &#65; &',
  'a]]>b <c> "d" \'e\'',
  'CR\rLF\nCRLF\r\nTab\t',
  'bell\u0007 nul\u0000 ffff\uffff',
  'lone \ud800 high and \udc00 low',
  ...Object.values(TRICKY_TITLES),
];

describe('RSS writer', () => {
  it.each([SITE, `${SITE}/`, 'https://a.example/x&y?"<z>'])('writes the bytes xmlbuilder2 wrote (site %s)', (siteUrl) => {
    const records = STRANGE_TEXTS.map((text, i) =>
      toPublicRecord(makeRow({ title: text, prompt: i % 2 ? text : null, tags: i % 4 === 0 ? [] : [text, 'plain'] }), {
        siteUrl,
        includePrompts: true,
      }),
    );
    const meta = { ...writerMeta(records.length), siteUrl };
    expect(writeRss(records, meta)).toBe(writeRssWithXmlbuilder(records, meta));
    expect(writeRss([], meta)).toBe(writeRssWithXmlbuilder([], meta));
  });
});
