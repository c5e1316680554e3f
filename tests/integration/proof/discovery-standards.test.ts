// What other sites, feed readers and link previews get: CORS on the OpenAPI document and oEmbed,
// Open Graph on the home page and the ledger, the RSS feed shown in place, and feed times that
// are never older than the newest record they hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Parser from 'rss-parser';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertWork } from '../../helpers/factories';
import { metaContent } from './proof-kit';

// Fixed clock: the cache period started at 08:30:00; a work registered at 08:30:40 is newer.
const NOW = new Date('2026-11-22T08:31:12.345Z');
const NEWEST = '2026-11-22T08:30:40.000Z';
const SITE = 'http://ledger.test';

let t: TestApp;
let proofUrl = '';

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  proofUrl = `${SITE}/verify/${(await insertWork(t.deps.db, { title: 'Shared Far', created_at: new Date('2026-11-21T10:00:00.000Z') })).id}`;
  await insertWork(t.deps.db, { title: 'Older', created_at: new Date('2026-11-22T08:00:00.000Z') });
  await insertWork(t.deps.db, { title: 'Newest', created_at: new Date(NEWEST) });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { origin: 'https://other.example' } });

describe('cross-origin reads', () => {
  it('serves /api/openapi.json and /oembed (json and xml) with Access-Control-Allow-Origin: *', async () => {
    for (const url of [
      '/api/openapi.json',
      `/oembed?url=${encodeURIComponent(proofUrl)}`,
      `/oembed?url=${encodeURIComponent(proofUrl)}&format=xml`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
    }
  });
});

describe('Open Graph on the home page and the ledger', () => {
  it('/ has its title, description, type website and canonical URL', async () => {
    const html = (await get('/')).body;
    expect(metaContent(html, 'og:title')).toBe('VeriWork: The public registry and trust ledger for AI-generated artwork');
    expect(metaContent(html, 'og:type')).toBe('website');
    expect(metaContent(html, 'og:url')).toBe(`${SITE}/`);
    expect(metaContent(html, 'og:site_name')).toBe('VeriWork');
    expect(metaContent(html, 'og:description')).toBe(
      'Register AI-generated artwork with its prompt, tool and evidence. Every work gets a registry ID, a trust score and a public proof page.',
    );
    expect(metaContent(html, 'twitter:card')).toBe('summary');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it('/ledger has its own title, description and canonical URL', async () => {
    const html = (await get('/ledger')).body;
    expect(metaContent(html, 'og:title')).toBe('Public Ledger | VeriWork');
    expect(metaContent(html, 'og:url')).toBe(`${SITE}/ledger`);
    expect(metaContent(html, 'og:description')).toBe(
      'Every public registration: title, artist, tool, trust score and proof page, searchable and filterable, with a public read API.',
    );
    expect(html).toContain(`<link rel="canonical" href="${SITE}/ledger">`);
  });
});

describe('the RSS feed and feed times', () => {
  it('is served as application/rss+xml to show in place, with lastBuildDate at the newest record', async () => {
    const res = await get('/api/v1/ledger?format=rss');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('inline; filename="ai-art-ledger-2026-11-22.rss"');
    const feed = await new Parser().parseString(res.body);
    expect(feed.lastBuildDate).toBe(new Date(NEWEST).toUTCString());
    expect(feed.items[0].title).toBe('Newest');
  });

  it('JSON metadata.generated_at is never older than the newest record it holds', async () => {
    const body = (await get('/api/v1/ledger')).json<{ metadata: { generated_at: string }; data: { created_at: string }[] }>();
    const newest = Math.max(...body.data.map((r) => Date.parse(r.created_at)));
    expect(newest).toBe(Date.parse(NEWEST));
    expect(body.metadata.generated_at).toBe(NEWEST);
  });
});
