// robots.txt and the sitemap of public pages: static pages, every public proof page and every
// artist with a public work. Reads only public_submissions, so private and deleted works never
// appear (decision 0017). The sitemap protocol allows 50,000 URLs a file; past that,
// /sitemap.xml becomes a sitemap index of /sitemaps/{static|works-N|artists-N}.xml.
import type { Kysely } from 'kysely';
import { create } from 'xmlbuilder2';
import { CONFIRM_PAGES } from '../../core/constants';
import { STATIC_PAGE_PATHS } from '../../core/routes';
import type { DB } from '../db/types';
import { publicArtistDates, publicWorkAndArtistCounts, publicWorkDates } from './sitemap-repository';
import { artistUrl, proofUrl, siteBase } from './urls';

export const SITEMAP_MAX_URLS = 50_000;
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Pages a search engine should index: every static page except the admin screens and the e-mailed links' pages. */
export const SITEMAP_STATIC_PATHS = STATIC_PAGE_PATHS.filter(
  (p) => !p.startsWith('/admin') && !(Object.values(CONFIRM_PAGES) as string[]).includes(p),
);

export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/admin',
    '',
    `Sitemap: ${siteBase(siteUrl)}/sitemap.xml`,
    '',
  ].join('\n');
}

interface SitemapUrl {
  loc: string;
  lastmod?: Date;
}

function urlset(urls: SitemapUrl[]): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' });
  const root = doc.ele(NS, 'urlset');
  for (const u of urls) {
    const el = root.ele('url');
    el.ele('loc').txt(u.loc);
    if (u.lastmod) el.ele('lastmod').txt(u.lastmod.toISOString());
  }
  return doc.end({ prettyPrint: true });
}

function sitemapIndex(locs: string[]): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const root = doc.ele(NS, 'sitemapindex');
  for (const loc of locs) root.ele('sitemap').ele('loc').txt(loc);
  return doc.end({ prettyPrint: true });
}

function staticUrls(siteUrl: string): SitemapUrl[] {
  return SITEMAP_STATIC_PATHS.map((p) => ({ loc: `${siteBase(siteUrl)}${p === '/' ? '/' : p}` }));
}

async function workUrls(db: Kysely<DB>, siteUrl: string, offset: number, limit: number): Promise<SitemapUrl[]> {
  const rows = await publicWorkDates(db, offset, limit);
  return rows.map((r) => ({ loc: proofUrl(siteUrl, r.id), lastmod: r.lastmod }));
}

async function artistUrls(db: Kysely<DB>, siteUrl: string, offset: number, limit: number): Promise<SitemapUrl[]> {
  const rows = await publicArtistDates(db, offset, limit);
  return rows.map((r) => ({ loc: artistUrl(siteUrl, r.artist_name), lastmod: r.lastmod }));
}

/** /sitemap.xml: one urlset while everything fits, else an index of part files. */
export async function sitemapXml(db: Kysely<DB>, siteUrl: string, maxUrls = SITEMAP_MAX_URLS): Promise<string> {
  const { works, artists } = await publicWorkAndArtistCounts(db);
  const statics = staticUrls(siteUrl);
  if (statics.length + works + artists <= maxUrls) {
    return urlset([...statics, ...(await workUrls(db, siteUrl, 0, works)), ...(await artistUrls(db, siteUrl, 0, artists))]);
  }
  const base = `${siteBase(siteUrl)}/sitemaps`;
  const parts = [`${base}/static.xml`];
  for (let i = 1; i <= Math.ceil(works / maxUrls); i++) parts.push(`${base}/works-${i}.xml`);
  for (let i = 1; i <= Math.ceil(artists / maxUrls); i++) parts.push(`${base}/artists-${i}.xml`);
  return sitemapIndex(parts);
}

/** One part of the index ('static', 'works-2', …); null for a name that is not a part. */
export async function sitemapPartXml(
  db: Kysely<DB>,
  siteUrl: string,
  part: string,
  maxUrls = SITEMAP_MAX_URLS,
): Promise<string | null> {
  if (part === 'static') return urlset(staticUrls(siteUrl));
  const match = /^(works|artists)-([1-9]\d{0,5})$/.exec(part);
  if (!match) return null;
  const offset = (Number(match[2]) - 1) * maxUrls;
  const urls = match[1] === 'works' ? await workUrls(db, siteUrl, offset, maxUrls) : await artistUrls(db, siteUrl, offset, maxUrls);
  return urls.length ? urlset(urls) : null;
}
