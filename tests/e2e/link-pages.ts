// The artist's own web site, as link-proof tests (issue 33) need it: a small HTTP server on
// loopback whose pages a spec sets (path → HTML). The server under test reaches it as
// http://artist-site.test:<E2E_LINK_PORT>/… (playwright.config.ts resolves that one name to
// 127.0.0.1 and opens that one port to the fetcher). Start it in a spec's beforeAll and close it
// in afterAll: the tests run one at a time (workers: 1), so one spec holds the port at a time.
// proveLink() does what an artist does to prove a link: puts a rel="me" link to the work's proof
// page on the page, asks for a manage link by e-mail, opens it and presses "Check again" (through
// the API), then waits until the public record shows the link proven.
import http from 'node:http';
import { request as apiRequest } from '@playwright/test';
import type { PublicWork } from '../../core/api-types';
import { expect } from './fixtures';
import { newLinkFromOutbox } from './outbox';

/** The name playwright.config.ts gives the fetcher (FETCH_TEST_RESOLVE, FETCH_ALLOW_HOSTS). */
export const LINK_SITE_HOST = 'artist-site.test';

/** The address of `pagePath` on the site as the registry fetches it, e.g. http://artist-site.test:41235/me. */
export function linkSiteUrl(pagePath: string): string {
  const port = Number(process.env.E2E_LINK_PORT);
  if (!port) throw new Error('E2E_LINK_PORT is not set (see playwright.config.ts)');
  return `http://${LINK_SITE_HOST}:${port}${pagePath}`;
}

export interface LinkSite {
  /** linkSiteUrl(pagePath). */
  url(pagePath: string): string;
  /** Serves `html` at `pagePath` from now on (200, text/html); other paths answer 404. */
  setPage(pagePath: string, html: string): void;
  /** How many times `pagePath` was requested: whether the registry fetched it. */
  hits(pagePath: string): number;
  close(): Promise<void>;
}

export async function startLinkSite(): Promise<LinkSite> {
  const port = Number(new URL(linkSiteUrl('/')).port);
  const pages = new Map<string, string>();
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const pagePath = new URL(req.url ?? '/', 'http://site').pathname;
    hits.set(pagePath, (hits.get(pagePath) ?? 0) + 1);
    const html = pages.get(pagePath);
    res.writeHead(html === undefined ? 404 : 200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html ?? '<!doctype html><title>Not found</title><p>No such page.</p>');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: linkSiteUrl,
    setPage: (pagePath, html) => void pages.set(pagePath, html),
    hits: (pagePath) => hits.get(pagePath) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An artist's page that links back to `href` with rel="me", as the manage page asks. */
export function backlinkPage(href: string, title = 'My portfolio'): string {
  return `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1><p><a rel="me" href="${href}">My registered works</a></p></body></html>`;
}

/** A page without any link back here. */
export function plainPage(title = 'My portfolio'): string {
  return `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>Paintings and studies.</p></body></html>`;
}

const recordOf = async (baseUrl: string, id: string): Promise<PublicWork> => {
  const api = await apiRequest.newContext({ baseURL: baseUrl });
  try {
    const res = await api.get(`/api/submissions/${id}`);
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as PublicWork;
  } finally {
    await api.dispose();
  }
};

/** The state of `url` in the work's public record ('pending' until the first check ends). */
export async function linkState(baseUrl: string, id: string, url: string): Promise<string | undefined> {
  return (await recordOf(baseUrl, id)).link_proofs.find((p) => p.url === url)?.state;
}

/**
 * Proves the link `pagePath` of a registered work the way its artist does, and returns the work's
 * public record once the link shows as proven. The work must have been registered (by
 * `work.author_email`) with `site.url(pagePath)` among its links.
 */
export async function proveLink(
  baseUrl: string,
  site: LinkSite,
  pagePath: string,
  work: { id: string; registry_id: string; author_email: string },
): Promise<PublicWork> {
  const url = site.url(pagePath);
  // The check queued at registration ends first (as the artist would see 'Not proven' first), so
  // "Check again" below is a check of its own, made after the page links back.
  await expect.poll(() => linkState(baseUrl, work.id, url), { timeout: 20_000 }).not.toBe('pending');
  site.setPage(pagePath, backlinkPage(`${baseUrl}/verify/${work.registry_id}`));

  // A session of its own, so the caller's request context gets no manage cookie; the Origin is
  // the site's, as the manage page's own calls send it (the manage API refuses cross-site calls).
  const api = await apiRequest.newContext({ baseURL: baseUrl, extraHTTPHeaders: { Origin: baseUrl } });
  try {
    const link = await newLinkFromOutbox(work.author_email, '/manage', async () => {
      const asked = await api.post('/api/manage/link', { data: { email: work.author_email } });
      expect(asked.status(), await asked.text()).toBe(202);
    });
    const token = new URL(link).searchParams.get('token');
    const opened = await api.post('/api/manage/session', { data: { token } });
    expect(opened.status(), await opened.text()).toBe(200);
    const checked = await api.post(`/api/manage/works/${work.id}/check-links`, { data: {} });
    expect(checked.status(), await checked.text()).toBe(202);
  } finally {
    await api.dispose();
  }
  await expect.poll(() => linkState(baseUrl, work.id, url), { timeout: 20_000 }).toBe('proven');
  return recordOf(baseUrl, work.id);
}
