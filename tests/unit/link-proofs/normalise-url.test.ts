// The comparable spelling of a link: the differences that do not change where it leads are gone.
import { describe, expect, it } from 'vitest';
import { normaliseLink } from '../../../server/link-proofs/normalise-url';

describe('normaliseLink', () => {
  it.each([
    ['HTTPS://Registry.Test/artist/Jane%20Doe', 'https://registry.test/artist/Jane%20Doe'],
    ['https://registry.test/artist/Jane%20Doe/', 'https://registry.test/artist/Jane%20Doe'],
    ['https://registry.test/artist/Jane Doe', 'https://registry.test/artist/Jane%20Doe'],
    ['https://registry.test:443/artist/J%61ne', 'https://registry.test/artist/Jane'],
    ['https://registry.test/artist/Ren%C3%A9e', 'https://registry.test/artist/Ren%C3%A9e'],
    ['https://registry.test/artist/Renée', 'https://registry.test/artist/Ren%C3%A9e'],
    ['https://registry.test/artist/Rene%CC%81e', 'https://registry.test/artist/Ren%C3%A9e'],
    ['https://registry.test/artist/AC%2FDC', 'https://registry.test/artist/AC%2FDC'],
    ['https://registry.test/verify/VW-2025-000001#proof', 'https://registry.test/verify/VW-2025-000001'],
    ['https://registry.test/', 'https://registry.test/'],
    ['https://registry.test', 'https://registry.test/'],
    ['https://registry.test/artist/x%zz', 'https://registry.test/artist/x%zz'],
  ])('%s → %s', (raw, expected) => {
    expect(normaliseLink(raw)).toBe(expected);
  });

  it('keeps the scheme, the port and the query, which do change the address', () => {
    expect(normaliseLink('http://registry.test/a')).toBe('http://registry.test/a');
    expect(normaliseLink('https://registry.test:8443/a')).toBe('https://registry.test:8443/a');
    expect(normaliseLink('https://registry.test/a?x=1')).toBe('https://registry.test/a?x=1');
  });

  it('resolves a relative link against the page', () => {
    expect(normaliseLink('../artist/Jane', 'https://registry.test/verify/x')).toBe('https://registry.test/artist/Jane');
  });

  it.each(['mailto:jane@example.test', 'javascript:void(0)', 'not a url'])('gives null for %s', (raw) => {
    expect(normaliseLink(raw)).toBeNull();
  });
});
