// Issue 33: one link checked end to end, from a page served on loopback to the state a later step
// stores: proven (and how), or not proven with the reason a person reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_PROOF_REASON_TEXTS } from '../../../core/link-proof-texts';
import { createFetcher, type Fetcher } from '../../../server/fetcher/fetcher';
import { checkLinkProof } from '../../../server/link-proofs/check-link-proof';
import { expectedForWork } from '../../../server/link-proofs/expected-links';
import { startLocalServer, type LocalServer } from '../fetcher/local-server';

const SITE = 'https://registry.test';
const NOW = new Date('2026-03-01T12:00:00.000Z');
const work = { id: '0b7e2d4c-1f1a-4c56-9d0e-6a2b3c4d5e6f', registryId: 'VW-2026-000007', artistName: 'Jane Doe' };
const expected = expectedForWork(SITE, work, true);

const PAGES: Record<string, string> = {
  '/a-rel-me': '<!doctype html><body><a rel="me" href="https://registry.test/artist/Jane%20Doe">My registry page</a></body>',
  '/link-rel-me': '<!doctype html><head><link rel="me" href="https://registry.test/verify/VW-2026-000007/"></head><body>Hi</body>',
  '/text-id': '<!doctype html><body><p>Bio: AI art, registered as VW-2026-000007.</p></body>',
  '/absent': '<!doctype html><body><a href="https://registry.test/artist/Jane%20Doe">registry</a><p>VW-2026-000070</p></body>',
};

let server: LocalServer;
let fetcher: Fetcher;
const deps = () => ({ fetcher, now: () => NOW });

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    const html = PAGES[req.url ?? ''];
    if (html) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else res.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not found</p>');
  });
  fetcher = createFetcher({ siteUrl: SITE, allowHosts: [`127.0.0.1:${server.port}`] });
});

afterAll(async () => {
  await fetcher.close();
  await server.close();
});

describe('checkLinkProof', () => {
  it.each([
    ['/a-rel-me', 'rel_me'],
    ['/link-rel-me', 'rel_me'],
    ['/text-id', 'text_registry_id'],
  ])('proves %s', async (path, method) => {
    expect(await checkLinkProof(`${server.origin}${path}`, expected, deps())).toEqual({ state: 'proven', method, checkedAt: NOW });
  });

  it('does not prove a page without a link back', async () => {
    expect(await checkLinkProof(`${server.origin}/absent`, expected, deps())).toEqual({
      state: 'not_proven',
      reason: 'no_link_back',
      checkedAt: NOW,
    });
    expect(LINK_PROOF_REASON_TEXTS.no_link_back).toBe('The page does not link back to this registry.');
  });

  it('passes on why the page could not be read', async () => {
    expect(await checkLinkProof(`${server.origin}/gone`, expected, deps())).toEqual({
      state: 'not_proven',
      reason: 'http_error',
      checkedAt: NOW,
    });
    expect(await checkLinkProof('http://169.254.169.254/latest/meta-data/', expected, deps())).toEqual({
      state: 'not_proven',
      reason: 'blocked_address',
      checkedAt: NOW,
    });
    expect(LINK_PROOF_REASON_TEXTS.blocked_address).toBe(
      'The address leads to a private or reserved network, which the registry never visits.',
    );
  });
});
