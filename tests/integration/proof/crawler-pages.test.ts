// What crawlers and link previews get without running JavaScript (decision 0019): head tags and
// JSON-LD on /verify and /artist pages, oEmbed, robots.txt and the sitemap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork, proveWorkLinks } from '../../helpers/factories';
import { sitemapPartXml, sitemapXml } from '../../../server/proof/sitemap';
import { schemaOrgProblems } from '../../helpers/schema-org-vocabulary';
import { jsonLdBlocks, metaContent, registerWork, softDelete } from './proof-kit';

const XSS_TITLE = 'Harbour </script><script>alert(1)</script> at dusk';
const SITE = 'http://ledger.test';

let t: TestApp;
let xss: { id: string; registry_id: string };
let plain: { id: string; registry_id: string };
let plainHash = '';
let hidden: { label: string; id: string; registry_id: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  xss = (await registerWork(t.app, { title: XSS_TITLE, artist_name: 'Mallory' })).created;
  const registered = await registerWork(t.app, { title: 'Neon Tide', artist_name: 'Ada Example' });
  plain = registered.created;
  plainHash = registered.upload.image_hash;
  const second = (await registerWork(t.app, { title: 'Second Tide', artist_name: 'Ada Example' })).created;
  // Their profile links were checked and link back: both works Verified (rubric v2).
  for (const work of [plain, second]) expect(await proveWorkLinks(t.deps, work.id)).toBe(63);
  const privateWork = await insertWork(t.deps.db, { title: 'Secret private work', artist_name: 'Ada Example', is_public: false });
  const deleted = (await registerWork(t.app, { title: 'Deleted work', artist_name: 'Ada Example' })).created;
  await softDelete(t, deleted.id);
  hidden = [
    { label: 'private', ...privateWork },
    { label: 'deleted', ...deleted },
  ];
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /verify/{id} without JavaScript', () => {
  it('has the work title in og:title, twitter:card, canonical URL, oEmbed link and VisualArtwork JSON-LD', async () => {
    const res = await get(`/verify/${plain.registry_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(metaContent(html, 'og:title')).toBe('Neon Tide by Ada Example');
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(metaContent(html, 'og:url')).toBe(`${SITE}/verify/${plain.id}`);
    expect(metaContent(html, 'og:site_name')).toBe('VeriWork');
    expect(metaContent(html, 'og:image')).toMatch(/^http:\/\/ledger\.test\/artworks\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);
    expect(metaContent(html, 'og:image:height')).toBe('360');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/verify/${plain.id}">`);
    expect(html).toContain(`<title>Neon Tide by Ada Example | VeriWork</title>`);
    expect(html).toContain(
      `<link rel="alternate" type="application/json+oembed" href="${SITE}/oembed?url=${encodeURIComponent(`${SITE}/verify/${plain.id}`)}&amp;format=json"`,
    );

    const blocks = jsonLdBlocks(html);
    expect(blocks).toHaveLength(1);
    const ld = JSON.parse(blocks[0]);
    expect(ld['@context']).toEqual(['https://schema.org', { plus: 'http://ns.useplus.org/ldf/xmp/1.0/' }]);
    expect(ld['@type']).toBe('VisualArtwork');
    expect(ld.name).toBe('Neon Tide');
    expect(ld.creator).toEqual({ '@type': 'Person', name: 'Ada Example', url: `${SITE}/artist/Ada%20Example` });
    expect(ld.license).toBe('https://creativecommons.org/licenses/by-nd/4.0/');
    expect(ld.acquireLicensePage).toBe(`${SITE}/verify/${plain.id}`);
    expect(ld.creditText).toBe('Ada Example');
    expect(ld.copyrightNotice).toMatch(/^© \d{4} Ada Example\. CC BY-ND 4\.0\.$/);
    expect(ld.digitalSourceType).toBe('https://schema.org/TrainedAlgorithmicMediaDigitalSource');
    expect(ld.identifier).toEqual([
      { '@type': 'PropertyValue', propertyID: 'registry_id', value: plain.registry_id },
      { '@type': 'PropertyValue', propertyID: 'uuid', value: plain.id },
      { '@type': 'PropertyValue', propertyID: 'sha256', value: plainHash },
    ]);
    expect(ld.image).toEqual({
      '@type': 'ImageObject',
      contentUrl: metaContent(html, 'og:image'),
      encodingFormat: 'image/jpeg',
      license: ld.license,
      acquireLicensePage: ld.acquireLicensePage,
      creditText: 'Ada Example',
      creator: ld.creator,
      copyrightNotice: ld.copyrightNotice,
      digitalSourceType: 'https://schema.org/TrainedAlgorithmicMediaDigitalSource',
      'plus:DataMining': 'http://ns.useplus.org/ldf/vocab/DMI-PROHIBITED-AIMLTRAINING',
    });
    expect(ld.isAccessibleForFree).toBe(true);
    expect(new Date(ld.dateCreated).toISOString()).toBe(ld.dateCreated);
  });

  it('uses only schema.org types and properties (checked against the schema-dts vocabulary) on proof and artist pages', async () => {
    const work = JSON.parse(jsonLdBlocks((await get(`/verify/${plain.registry_id}`)).body)[0]);
    expect(schemaOrgProblems(work)).toEqual([]);
    const artist = JSON.parse(jsonLdBlocks((await get('/artist/Ada%20Example')).body)[0]);
    expect(schemaOrgProblems(artist)).toEqual([]);
    // The check itself finds what the old JSON-LD had wrong: a checksum property schema.org lacks.
    expect(schemaOrgProblems({ '@context': 'https://schema.org', '@type': 'VisualArtwork', sha256: 'ab', 'x:y': 1 })).toEqual([
      '$: VisualArtwork has no property sha256',
      '$: undeclared prefix in x:y',
    ]);
    // And what issue 35 found: the IPTC URI where schema.org's digitalSourceType expects its own member.
    const iptc = 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia';
    expect(schemaOrgProblems({ '@context': 'https://schema.org', '@type': 'VisualArtwork', digitalSourceType: iptc })).toEqual([
      `$: digitalSourceType "${iptc}" is not a schema.org enumeration member`,
    ]);
  });

  it('renders a short text body (title, artist, status and score, registry id) for readers without scripts', async () => {
    const html = (await get(`/verify/${plain.id}`)).body;
    expect(html).toContain('<h1>Neon Tide</h1>');
    expect(html).toMatch(/<p>Status: (Incomplete|Verified|Documented|Traceable|Provenance Strong) · Trust score \d{1,3}\/100<\/p>/);
    expect(html).toContain(`<p>Registry ID: ${plain.registry_id}</p>`);
  });

  it("keeps a title containing '</script><script>alert(1)</script>' inert everywhere in the page", async () => {
    const res = await get(`/verify/${xss.registry_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('</script><script>alert(1)');
    expect(res.body).not.toContain('<script>alert(1)');
    const ld = JSON.parse(jsonLdBlocks(res.body)[0]);
    expect(ld.name).toBe(XSS_TITLE);
    expect(metaContent(res.body, 'og:title')).toBe(`${XSS_TITLE} by Mallory`);
  });

  it("answers 404 with 'Submission Not Found' for private, deleted, unknown and malformed ids, without their data", async () => {
    const refs = [
      ...hidden.flatMap((w) => [w.id, w.registry_id]),
      '00000000-0000-4000-8000-000000000000',
      'VW-2020-999999',
      'not-an-id',
    ];
    for (const ref of refs) {
      const res = await get(`/verify/${ref}`);
      expect(res.statusCode, ref).toBe(404);
      expect(res.body, ref).toContain('<h1>Submission Not Found</h1>');
      expect(res.body, ref).toContain('This Registry ID doesn&#39;t exist or the submission is private.');
      expect(res.body, ref).toContain('<a href="/ledger">Back to Public Ledger</a>');
      expect(res.body, ref).not.toContain('application/ld+json');
      expect(res.body, ref).not.toContain('Secret private work');
      expect(res.body, ref).not.toContain('Deleted work');
    }
  });
});

describe('GET /artist/{name} without JavaScript', () => {
  it('counts only public works and lists them in Person + ItemList JSON-LD', async () => {
    const res = await get('/artist/Ada%20Example');
    expect(res.statusCode).toBe(200);
    expect(metaContent(res.body, 'og:title')).toBe('Ada Example');
    // Both works score 62 or more (a prompt and a proven profile link); the private one is not counted.
    expect(metaContent(res.body, 'og:description')).toBe(
      'Ada Example in the VeriWork public registry of AI-generated artwork: 2 registered works, 2 verified.',
    );
    expect(res.body).toContain('<p>2 registered works, 2 verified</p>');
    expect(metaContent(res.body, 'og:image')).toMatch(/^http:\/\/ledger\.test\/artworks\//);
    const ld = JSON.parse(jsonLdBlocks(res.body)[0]);
    const [person, list] = ld['@graph'];
    expect(person).toMatchObject({ '@type': 'Person', name: 'Ada Example', url: `${SITE}/artist/Ada%20Example` });
    expect(list.numberOfItems).toBe(2);
    expect(list.itemListElement.map((i: { name: string }) => i.name)).toEqual(['Second Tide', 'Neon Tide']);
    expect(res.body).not.toContain('Secret private work');
    expect(res.body).not.toContain('Deleted work');
  });

  it('answers 200 with the empty-state text and no JSON-LD for an artist with no public work', async () => {
    const res = await get('/artist/Nobody%20Here');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<p>No registered works found for this artist.</p>');
    expect(metaContent(res.body, 'robots')).toBe('noindex');
    expect(jsonLdBlocks(res.body)).toEqual([]);
  });
});

describe('GET /oembed', () => {
  it('returns a rich response whose html links the live badge to the proof page', async () => {
    const url = `${SITE}/verify/${plain.id}`;
    const res = await get(`/oembed?url=${encodeURIComponent(url)}&format=json`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      version: '1.0',
      type: 'rich',
      title: 'Neon Tide',
      author_name: 'Ada Example',
      provider_name: 'VeriWork',
      provider_url: `${SITE}/`,
      width: 400,
      height: 150,
      thumbnail_url: `${SITE}/api/submissions/${plain.registry_id}/badge.png?size=small`,
    });
    expect(body.html).toBe(
      `<a href="${url}" target="_blank" rel="noopener"><img src="${SITE}/badge/${plain.registry_id}.svg" width="400" height="150" ` +
        `alt="VeriWork verification badge for Neon Tide by Ada Example, Registry ID ${plain.registry_id}"></a>`,
    );
  });

  it('scales the badge to maxwidth, keeping its 8:3 shape', async () => {
    const res = await get(`/oembed?url=${encodeURIComponent(`${SITE}/verify/${plain.registry_id}`)}&maxwidth=200`);
    expect(res.json()).toMatchObject({ width: 200, height: 75 });
    // The 400×150 thumbnail would exceed maxwidth=200: it is left out, all three fields (issue 35).
    expect(Object.keys(res.json()).filter((k) => k.startsWith('thumbnail_'))).toEqual([]);
    const roomy = await get(`/oembed?url=${encodeURIComponent(`${SITE}/verify/${plain.registry_id}`)}&maxwidth=800&maxheight=300`);
    expect(roomy.json()).toMatchObject({ thumbnail_width: 400, thumbnail_height: 150 });
  });

  it('answers 404 for another site, a non-proof page, a private or deleted work; 501 for a format oEmbed does not define', async () => {
    const urls = [`https://elsewhere.example/verify/${plain.id}`, `${SITE}/ledger`, ...hidden.map((w) => `${SITE}/verify/${w.id}`)];
    for (const url of urls) expect((await get(`/oembed?url=${encodeURIComponent(url)}`)).statusCode, url).toBe(404);
    expect((await get('/oembed')).statusCode).toBe(404);
    // format=xml is served (oembed-xml.test.ts); oEmbed 1.0 defines no other format.
    const yaml = await get(`/oembed?url=${encodeURIComponent(`${SITE}/verify/${plain.id}`)}&format=yaml`);
    expect(yaml.statusCode).toBe(501);
  });
});

describe('robots.txt and sitemap', () => {
  it('robots.txt allows everything except the admin screens and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(`User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/admin\n\nSitemap: ${SITE}/sitemap.xml\n`);
  });

  it('the sitemap lists public proof pages with lastmod, artist pages and static pages, and nothing private or deleted', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    const proofLocs = locs.filter((l) => l.includes('/verify/'));
    expect(proofLocs).toHaveLength(3);
    expect(proofLocs).toContain(`${SITE}/verify/${plain.id}`);
    expect(proofLocs).toContain(`${SITE}/verify/${xss.id}`);
    for (const w of hidden) expect(res.body, w.label).not.toContain(w.id);
    expect(locs).toContain(`${SITE}/artist/Ada%20Example`);
    expect(locs).toContain(`${SITE}/artist/Mallory`);
    expect(locs).toContain(`${SITE}/ledger`);
    expect(locs.some((l) => l.includes('/admin'))).toBe(false);
    expect(res.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z<\/lastmod>/);
  });

  it('becomes a sitemap index of part files when the URLs exceed the per-file cap', async () => {
    const index = await sitemapXml(t.deps.db, SITE, 4);
    expect(index).toContain('<sitemapindex');
    const parts = [...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(parts).toEqual([`${SITE}/sitemaps/static.xml`, `${SITE}/sitemaps/works-1.xml`, `${SITE}/sitemaps/artists-1.xml`]);
    const works = await sitemapPartXml(t.deps.db, SITE, 'works-1', 2);
    expect([...works!.matchAll(/<loc>/g)]).toHaveLength(2);
    expect(await sitemapPartXml(t.deps.db, SITE, 'works-9', 2)).toBeNull();
    const served = await get('/sitemaps/static.xml');
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain(`<loc>${SITE}/lookup</loc>`);
    expect((await get('/sitemaps/nothing.xml')).statusCode).toBe(404);
  });
});

// Issue 17: names like this are accepted at submission; the web app links to their page with
// encodeURIComponent, so the '/' arrives as %2F and must stay part of the one name.
describe("GET /artist/{name} for a name containing '/', '#', '?' and '&'", () => {
  const NAME = 'AC/DC #1? & Co';
  const PATH = `/artist/${encodeURIComponent(NAME)}`;

  it("serves 'AC/DC #1? & Co' at /artist/AC%2FDC%20%231%3F%20%26%20Co with status 200, title, Open Graph and JSON-LD", async () => {
    await registerWork(t.app, { title: 'Highway Canvas', artist_name: NAME });
    expect(PATH).toBe('/artist/AC%2FDC%20%231%3F%20%26%20Co');
    const res = await get(PATH);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<title>AC/DC #1? &amp; Co | VeriWork</title>');
    expect(metaContent(res.body, 'og:title')).toBe(NAME);
    expect(metaContent(res.body, 'og:type')).toBe('profile');
    expect(metaContent(res.body, 'og:url')).toBe(`${SITE}${PATH}`);
    expect(res.body).toContain(`<link rel="canonical" href="${SITE}${PATH}">`);
    expect(res.body).toContain('<h1>AC/DC #1? &amp; Co</h1>');
    const [person, list] = JSON.parse(jsonLdBlocks(res.body)[0])['@graph'];
    expect(person).toMatchObject({ '@type': 'Person', name: NAME, url: `${SITE}${PATH}` });
    expect(list.itemListElement.map((i: { name: string }) => i.name)).toEqual(['Highway Canvas']);
  });

  it("links the proof page's creator to that same address", async () => {
    const { created } = await registerWork(t.app, { title: 'Second Highway', artist_name: NAME });
    const ld = JSON.parse(jsonLdBlocks((await get(`/verify/${created.registry_id}`)).body)[0]);
    expect(ld.creator).toEqual({ '@type': 'Person', name: NAME, url: `${SITE}${PATH}` });
    expect((await get(new URL(ld.creator.url).pathname)).statusCode).toBe(200);
  });

  it('answers 404 for the name split by a bare slash and 400 for broken percent-encoding, never 500', async () => {
    expect((await get('/artist/AC/DC')).statusCode).toBe(404);
    for (const broken of ['/artist/AC%2', '/artist/%E0%A4%A']) expect((await get(broken)).statusCode, broken).toBe(400);
  });
});
