// The artist's text, exactly, in every XML the public read API writes (issue 11): a consumer's
// XML parser gives back the stored characters, and a feed reader shows markup as text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import Parser from 'rss-parser';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';

const MARKUP = '<script>alert(1)</script> & <b>x</b>';
// Titles every format must give back character for character.
const EXACT_TITLES = [
  'Tom &amp; Jerry',
  'a < b > c',
  `"quotes" 'apos'`,
  '&#x41;',
  ']]>',
  'one ]]> two ]]> three',
  'Sunset 🌅 by 👩🏽‍🎨',
  MARKUP,
];
// XML 1.0 cannot carry these even as references: XML and RSS write U+FFFD instead.
const CONTROL_TITLE = 'Bell\u0007 and \u001B escape\uFFFF';
const CONTROL_TITLE_IN_XML = 'Bell\uFFFD and \uFFFD escape\uFFFD';
const CR_TITLE = 'Line one\r\nLine two';
const MARKUP_TAGS = ['Tom &amp; Jerry', '<i>tag</i>'];

let t: TestApp;
const stored = new Map<string, string>(); // uuid → title as stored
let markupWork: { id: string; registry_id: string };

beforeAll(async () => {
  t = await createTestApp();
  let minute = 0;
  for (const title of [...EXACT_TITLES, CONTROL_TITLE, CR_TITLE]) {
    minute += 1;
    const markup = title === MARKUP;
    const work = await insertWork(t.deps.db, {
      title,
      artist_name: markup ? MARKUP : 'Round Trip',
      prompt: markup ? MARKUP : 'No prompt provided',
      tags: markup ? MARKUP_TAGS : ['AI Art'],
      trust_meter: 70,
      created_at: new Date(Date.UTC(2026, 10, 1, 12, minute)),
    });
    stored.set(work.id, title);
    if (markup) markupWork = work;
  }
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

interface XmlEntry {
  uuid: string;
  title: string;
  tags: { tag: string | string[] };
}

async function xmlEntries(options: { htmlEntities?: boolean } = {}): Promise<{ body: string; entries: XmlEntry[] }> {
  const res = await get('/api/v1/ledger?format=xml');
  expect(res.statusCode).toBe(200);
  // processEntities is on by default, as for any consumer; values are kept as text, untrimmed.
  const doc = new XMLParser({ parseTagValue: false, trimValues: false, ...options }).parse(res.body);
  return { body: res.body, entries: doc.ledger.entry };
}

function titlesOf(entries: { uuid: string; title: string }[], only: readonly string[]): Record<string, string> {
  return Object.fromEntries(entries.filter((e) => only.includes(stored.get(e.uuid)!)).map((e) => [stored.get(e.uuid), e.title]));
}

const identity = (titles: readonly string[]) => Object.fromEntries(titles.map((title) => [title, title]));

describe('format=json', () => {
  it('gives back every stored title exactly, control characters and CR included', async () => {
    const body = (await get('/api/v1/ledger')).json();
    expect(body.data.map((r: { title: string }) => r.title)).toEqual([...EXACT_TITLES, CONTROL_TITLE, CR_TITLE].reverse());
  });
});

describe('format=xml', () => {
  it('reads back exactly the stored titles with fast-xml-parser and its default entity processing', async () => {
    const { body, entries } = await xmlEntries();
    expect(XMLValidator.validate(body)).toBe(true);
    expect(titlesOf(entries, EXACT_TITLES)).toEqual(identity(EXACT_TITLES));
    expect(body).not.toMatch(/<script/i);
    expect(body).toContain('<title>Tom &amp;amp; Jerry</title>');
    const markup = entries.find((e) => e.uuid === markupWork.id)!;
    expect(markup.tags.tag).toEqual(MARKUP_TAGS);
  });

  it('writes a carriage return as &#13;, which a parser decoding character references gives back', async () => {
    const { body, entries } = await xmlEntries({ htmlEntities: true });
    expect(body).toContain('<title>Line one&#13;\nLine two</title>');
    expect(titlesOf(entries, [...EXACT_TITLES, CR_TITLE])).toEqual(identity([...EXACT_TITLES, CR_TITLE]));
  });

  it('replaces characters XML 1.0 cannot carry with U+FFFD, so the document still parses', async () => {
    const { entries } = await xmlEntries();
    expect(titlesOf(entries, [CONTROL_TITLE])).toEqual({ [CONTROL_TITLE]: CONTROL_TITLE_IN_XML });
  });
});

describe('format=rss', () => {
  async function feed() {
    const res = await get('/api/v1/ledger?format=rss&include_prompts=true');
    expect(res.statusCode).toBe(200);
    expect(XMLValidator.validate(res.body)).toBe(true);
    return { body: res.body, parsed: await new Parser().parseString(res.body) };
  }
  const proofUrl = (registryId: string) => `http://ledger.test/verify/${registryId}`;

  it('shows the artist markup as text: a feed reader displays the typed characters and the feed has no <script element', async () => {
    const { body, parsed } = await feed();
    expect(body).not.toMatch(/<script/i);
    expect(body).not.toMatch(/<b>|<i>/);
    const item = parsed.items.find((i) => i.link === proofUrl(markupWork.registry_id))!;
    expect(item.title).toBe(MARKUP);
    // What a reader shows of the description (rss-parser decodes the HTML to its text).
    expect(item.contentSnippet).toBe(
      `By ${MARKUP}. Tool: Midjourney. Trust score 70/100 (Documented). Registry ID ${markupWork.registry_id}. Prompt: ${MARKUP}`,
    );
    expect(item.categories).toEqual(MARKUP_TAGS);

    // The description is HTML (RSS 2.0), so the XML text is the HTML-escaped plain text.
    const doc = new XMLParser({ parseTagValue: false, trimValues: false }).parse(body);
    const raw = doc.rss.channel.item.find((i: { link: string }) => i.link === proofUrl(markupWork.registry_id));
    const escaped = '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;x&lt;/b&gt;';
    expect(raw.description).toBe(
      `By ${escaped}. Tool: Midjourney. Trust score 70/100 (Documented). Registry ID ${markupWork.registry_id}. Prompt: ${escaped}`,
    );
  });

  it('gives a feed reader exactly the stored titles, with U+FFFD for characters XML cannot carry', async () => {
    const { parsed } = await feed();
    const titles = Object.fromEntries(parsed.items.map((i) => [i.link, i.title]));
    const expected = Object.fromEntries(
      [...stored].map(([uuid, title]) => [uuid, title === CONTROL_TITLE ? CONTROL_TITLE_IN_XML : title]),
    );
    const json = (await get('/api/v1/ledger')).json();
    const byLink = Object.fromEntries(json.data.map((r: { uuid: string; ledger_url: string }) => [r.ledger_url, expected[r.uuid]]));
    expect(titles).toEqual(byLink);
  });
});
