// The back-link rule on pages as written: rel="me" links, the proof address or registry ID in the
// visible text, and everything that only looks like a link back.
import { describe, expect, it } from 'vitest';
import { findBacklink } from '../../../server/link-proofs/backlink';
import { expectedForArtist, expectedForWork } from '../../../server/link-proofs/expected-links';

const SITE = 'https://registry.test';
const PAGE_URL = 'https://social.example/@jane';
const work = { id: '0b7e2d4c-1f1a-4c56-9d0e-6a2b3c4d5e6f', registryId: 'VW-2025-000042', artistName: 'Jane Doe' };
const expected = expectedForWork(SITE, work, true);
const page = (body: string, head = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

describe('findBacklink', () => {
  it.each([
    [
      'an <a rel="me"> to the artist page',
      page('<a rel="me" href="https://registry.test/artist/Jane%20Doe">me</a>'),
      'https://registry.test/artist/Jane%20Doe',
    ],
    [
      'a <link rel="me"> in the head',
      page('', '<link rel="me" href="https://registry.test/verify/VW-2025-000042">'),
      'https://registry.test/verify/VW-2025-000042',
    ],
    [
      'rel with other tokens, any case',
      page('<a rel="nofollow ME noopener" href="https://registry.test/artist/Jane%20Doe">x</a>'),
      'https://registry.test/artist/Jane%20Doe',
    ],
    [
      'the upper-case host, a trailing slash and a raw space',
      page('<a rel="me" href="HTTPS://REGISTRY.TEST/artist/Jane Doe/">x</a>'),
      'https://registry.test/artist/Jane%20Doe',
    ],
    [
      'the proof page by UUID',
      page(`<a rel="me" href="https://registry.test/verify/${work.id}">x</a>`),
      `https://registry.test/verify/${work.id}`,
    ],
    [
      'a relative link under <base>',
      page('<a rel="me" href="artist/Jane%20Doe">x</a>', '<base href="https://registry.test/">'),
      'https://registry.test/artist/Jane%20Doe',
    ],
  ])('proves with %s', (_name, html, matched) => {
    expect(findBacklink(html, PAGE_URL, expected)).toEqual({ proven: true, method: 'rel_me', matched });
  });

  it('proves with the proof address in the text, for platforms that strip rel', () => {
    const html = page('<p>My work is registered: https://registry.test/verify/VW-2025-000042.</p>');
    expect(findBacklink(html, PAGE_URL, expected)).toEqual({
      proven: true,
      method: 'text_url',
      matched: 'https://registry.test/verify/VW-2025-000042',
    });
  });

  it('proves with the registry ID in the text, in any case', () => {
    expect(findBacklink(page('<p>Registered as vw-2025-000042 (VeriWork)</p>'), PAGE_URL, expected)).toEqual({
      proven: true,
      method: 'text_registry_id',
      matched: 'VW-2025-000042',
    });
  });

  it.each([
    ['no link at all', page('<p>Hello, I paint.</p>')],
    ['a link to the page without rel="me"', page('<a href="https://registry.test/artist/Jane%20Doe">registry</a>')],
    ['rel="me" to another artist', page('<a rel="me" href="https://registry.test/artist/Jane%20Doe2">x</a>')],
    ['rel="me" to another registry', page('<a rel="me" href="https://registry.test.evil.example/artist/Jane%20Doe">x</a>')],
    ['rel="me" over http when the site is https', page('<a rel="me" href="http://registry.test/artist/Jane%20Doe">x</a>')],
    ['a longer registry ID', page('<p>VW-2025-0000421</p>')],
    ['the registry ID inside a word', page('<p>XVW-2025-000042</p>')],
    ['the registry ID in a script', page('<script>var id = "VW-2025-000042";</script>')],
    ['the registry ID in the title', page('', '<title>VW-2025-000042</title>')],
    ['the proof address in an attribute only', page('<img alt="https://registry.test/verify/VW-2025-000042" src="x.png">')],
    ['the registry ID in a comment', page('<!-- VW-2025-000042 -->')],
  ])('does not prove with %s', (_name, html) => {
    expect(findBacklink(html, PAGE_URL, expected)).toEqual({ proven: false, reason: 'no_link_back' });
  });

  it('proves an artist identity only through its artist page', () => {
    const artist = expectedForArtist(SITE, 'AC/DC');
    expect(findBacklink(page('<a rel="me" href="https://registry.test/artist/AC%2FDC">x</a>'), PAGE_URL, artist)).toEqual({
      proven: true,
      method: 'rel_me',
      matched: 'https://registry.test/artist/AC%2FDC',
    });
    expect(findBacklink(page('<a rel="me" href="https://registry.test/artist/AC/DC">x</a>'), PAGE_URL, artist)).toEqual({
      proven: false,
      reason: 'no_link_back',
    });
  });

  it('reports a page past the budget as too complex when what was read does not prove it', () => {
    const deep = page('<div>'.repeat(300) + '<a rel="me" href="https://registry.test/artist/Jane%20Doe">x</a>');
    expect(findBacklink(deep, PAGE_URL, expected)).toEqual({ proven: false, reason: 'page_too_complex' });
    const long = page('<span>x</span>'.repeat(20_000) + '<a rel="me" href="https://registry.test/artist/Jane%20Doe">x</a>');
    expect(findBacklink(long, PAGE_URL, expected)).toEqual({ proven: false, reason: 'page_too_complex' });
  });

  it('still proves a page past the budget when the link comes first', () => {
    const html = page('<a rel="me" href="https://registry.test/artist/Jane%20Doe">x</a>' + '<span>x</span>'.repeat(20_000));
    expect(findBacklink(html, PAGE_URL, expected)).toEqual({
      proven: true,
      method: 'rel_me',
      matched: 'https://registry.test/artist/Jane%20Doe',
    });
  });

  it('uses small budgets when given them', () => {
    const html = page('<p>a</p><p>b</p><p>c</p><a rel="me" href="https://registry.test/artist/Jane%20Doe">x</a>');
    expect(findBacklink(html, PAGE_URL, expected, { maxTags: 5, maxNodes: 50_000, maxDepth: 256 })).toEqual({
      proven: false,
      reason: 'page_too_complex',
    });
    expect(findBacklink(html, PAGE_URL, expected, { maxTags: 20_000, maxNodes: 8, maxDepth: 256 })).toEqual({
      proven: false,
      reason: 'page_too_complex',
    });
  });
});

describe('expectedForWork', () => {
  it("leaves the artist page out for anyone but the name's claimant: it proves their works only", () => {
    expect(expectedForWork('https://registry.test/', work, false)).toEqual({
      urls: ['https://registry.test/verify/VW-2025-000042', `https://registry.test/verify/${work.id}`],
      registryIds: ['VW-2025-000042'],
    });
  });

  it('lists both spellings of the proof page, the artist page and the registry ID for the claimant', () => {
    expect(expectedForWork('https://registry.test/', work, true)).toEqual({
      urls: [
        'https://registry.test/verify/VW-2025-000042',
        `https://registry.test/verify/${work.id}`,
        'https://registry.test/artist/Jane%20Doe',
      ],
      registryIds: ['VW-2025-000042'],
    });
  });

  it('lists the UUID only for a work without a registry ID', () => {
    expect(expectedForWork(SITE, { ...work, registryId: null }, true)).toEqual({
      urls: [`https://registry.test/verify/${work.id}`, 'https://registry.test/artist/Jane%20Doe'],
      registryIds: [],
    });
  });
});
