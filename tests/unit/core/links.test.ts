// The one link rule (core/links.ts) and the one-line rule (core/text-safety.ts), as the server
// and the web forms both apply them through core/schemas.ts (issue 34).
import { describe, expect, it } from 'vitest';
import { manageResourceSchema } from '../../../core/api/manage';
import { linkProblem } from '../../../core/links';
import { quickStartSchema } from '../../../core/schemas';
import { hasControlCharacters } from '../../../core/text-safety';

describe('linkProblem', () => {
  it.each([
    ['https://example.com/me', null],
    ['http://example.com', null],
    ['ftp://example.com', 'invalid'],
    ['not a link', 'invalid'],
    ['https://user:pass@example.com/', 'credentials'],
    ['https://user@example.com/', 'credentials'],
    ['https://:pass@example.com/', 'credentials'],
    ['https://trusted.example@evil.example/', 'credentials'],
  ])('%s → %s', (link, problem) => {
    expect(linkProblem(link)).toBe(problem);
  });

  it('is the rule of the manage page too', () => {
    const result = manageResourceSchema.safeParse({ type: 'artist_profile', url: 'https://me:pw@example.com' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['url', 'linkHasCredentials']]);
  });
});

describe('hasControlCharacters', () => {
  it.each(['a\nb', 'a\rb', 'a\tb', 'a\u0000b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\u2028b', 'a\u2029b'])('finds %j', (text) => {
    expect(hasControlCharacters(text)).toBe(true);
  });

  it('lets letters, spaces and emoji of any script through', () => {
    expect(hasControlCharacters('Ünïcode 日本 🎨 — “quoted”')).toBe(false);
  });

  it('refuses a line break inside a quick-start title, but not one trimmed off its ends', () => {
    const base = { email: 'ada@example.com', name: 'Ada' };
    expect(quickStartSchema.safeParse({ ...base, title: 'Two\nLines' }).error?.issues[0].message).toBe('controlCharacters');
    expect(quickStartSchema.safeParse({ ...base, title: '\nOne line\n' }).success).toBe(true);
  });
});
