// oEmbed's XML format (oEmbed 1.0 defines json and xml): the same fields as the JSON answer, and
// the artist's title and name back character for character from a standard XML parser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';

const SITE = 'http://ledger.test';
const TITLE = `Tom &amp; Jerry <b>&#x41;</b> "q" 'a' ]]> 🎨`;
const ARTIST = "O'Brien & <i>Sons</i>";

let t: TestApp;
let work: { id: string; registry_id: string };

beforeAll(async () => {
  t = await createTestApp();
  work = await insertWork(t.deps.db, { title: TITLE, artist_name: ARTIST });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const oembedUrl = (format: string) => `/oembed?url=${encodeURIComponent(`${SITE}/verify/${work.registry_id}`)}&format=${format}`;

describe('GET /oembed?format=xml', () => {
  it('answers an <oembed> document as text/xml whose fields equal the JSON answer', async () => {
    const json = await get(oembedUrl('json'));
    const xml = await get(oembedUrl('xml'));
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(xml.headers['cache-control']).toBe('public, max-age=300');
    expect(xml.body.startsWith('<?xml version="1.0" encoding="utf-8" standalone="yes"?>\n<oembed>')).toBe(true);
    expect(XMLValidator.validate(xml.body)).toBe(true);

    // A consumer's parser with its default entity processing (and trimming); values kept as text.
    const doc = new XMLParser({ parseTagValue: false }).parse(xml.body);
    const expected = Object.fromEntries(Object.entries(json.json()).map(([k, v]) => [k, String(v)]));
    expect(doc.oembed).toEqual(expected);
    expect(Object.keys(doc.oembed)).toEqual(Object.keys(expected));
    expect(doc.oembed.title).toBe(TITLE);
    expect(doc.oembed.author_name).toBe(ARTIST);
    expect(doc.oembed.width).toBe('400');
  });

  it('writes the artist markup as text, never as elements', async () => {
    const body = (await get(oembedUrl('xml'))).body;
    expect(body).toContain('<title>Tom &amp;amp; Jerry &lt;b&gt;&amp;#x41;&lt;/b&gt; "q" \'a\' ]]&gt; 🎨</title>');
    expect(body).not.toMatch(/<b>|<i>/);
  });

  it('scales the XML badge to maxwidth like the JSON one', async () => {
    const doc = new XMLParser({ parseTagValue: false }).parse((await get(`${oembedUrl('xml')}&maxwidth=200`)).body);
    expect([doc.oembed.width, doc.oembed.height]).toEqual(['200', '75']);
  });

  it("keeps 501 'Only format=json and format=xml are supported.' for formats oEmbed does not define", async () => {
    const res = await get(oembedUrl('yaml'));
    expect(res.statusCode).toBe(501);
    expect(res.json()).toEqual({ error: { code: 'not_implemented', message: 'Only format=json and format=xml are supported.' } });
  });

  it('advertises the XML endpoint beside the JSON one on the proof page', async () => {
    const html = (await get(`/verify/${work.registry_id}`)).body;
    const href = `${SITE}/oembed?url=${encodeURIComponent(`${SITE}/verify/${work.id}`)}`;
    const title =
      'Tom &amp;amp; Jerry &lt;b&gt;&amp;#x41;&lt;/b&gt; &quot;q&quot; &#39;a&#39; ]]&gt; 🎨 by O&#39;Brien &amp; &lt;i&gt;Sons&lt;/i&gt;';
    expect(html).toContain(`<link rel="alternate" type="application/json+oembed" href="${href}&amp;format=json" title="${title}">`);
    expect(html).toContain(`<link rel="alternate" type="text/xml+oembed" href="${href}&amp;format=xml" title="${title}">`);
  });
});
