// The XML format is written as text (server/ledger/public-api/writers/xml.ts) and must give the
// very bytes xmlbuilder2's document gave (xmlbuilder-reference.ts): every kind of value (null,
// empty text, empty and full lists, numbers, booleans), every character class the text rules
// treat apart (markup, entities, CR, controls, lone surrogates, emoji), with and without prompts.
import { describe, expect, it } from 'vitest';
import { toPublicRecord } from '../../../server/ledger/public-api';
import { writeXml } from '../../../server/ledger/public-api/writers/xml';
import { makeRow, SITE, TRICKY_TITLES } from './fixtures';
import { writerMeta } from './meta';
import { writeXmlWithXmlbuilder } from './xmlbuilder-reference';

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

function rows() {
  return STRANGE_TEXTS.map((text, i) =>
    makeRow({
      title: text,
      prompt: i % 2 ? text : null,
      author_city: i % 3 ? null : text,
      tags: i % 4 === 0 ? [] : [text, 'plain'],
      usage_type: i % 5 === 0 ? [] : ['Personal Project', text],
      trust_meter: i * 7,
      allow_ai_training: i % 2 === 0,
    }),
  );
}

describe('XML writer', () => {
  it.each([false, true])('writes the bytes xmlbuilder2 wrote (prompts included: %s)', (includePrompts) => {
    const records = rows().map((row) => toPublicRecord(row, { siteUrl: SITE, includePrompts }));
    const meta = writerMeta(records.length, { include_prompts: includePrompts, next_cursor: 'abc&<>"' });
    expect(writeXml(records, meta)).toBe(writeXmlWithXmlbuilder(records, meta));
  });

  it('writes an empty page the same way', () => {
    expect(writeXml([], writerMeta(0))).toBe(writeXmlWithXmlbuilder([], writerMeta(0)));
  });
});
