// The check before any connection: scheme, credentials, and every resolved address public. The
// resolver is injected, so nothing here touches the network.
import { describe, expect, it } from 'vitest';
import type { Resolve } from '../../../server/fetcher/resolve';
import { checkTarget } from '../../../server/fetcher/target-check';

const table: Record<string, string[]> = {
  'public.test': ['93.184.215.14'],
  'internal.test': ['10.0.0.1'],
  'mixed.test': ['93.184.215.14', '127.0.0.1'],
  'v6.test': ['2606:4700:4700::1111', 'fd00::1'],
};
const resolve: Resolve = async (hostname) => {
  const addresses = table[hostname];
  if (!addresses) throw Object.assign(new Error(`no ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};
const none = new Set<string>();

describe('checkTarget', () => {
  it('accepts an http(s) address whose every address is public', async () => {
    const checked = await checkTarget('https://public.test/me', resolve, none);
    expect(checked.ok && checked.url.href).toBe('https://public.test/me');
  });

  it.each([
    'ftp://public.test/',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'https://user:secret@public.test/',
    'https://user@public.test/',
    'not a url',
    'data:text/html,hi',
  ])('refuses %s as unsupported', async (url) => {
    expect(await checkTarget(url, resolve, none)).toEqual({ ok: false, failure: { kind: 'unsupported_url', url } });
  });

  it.each([
    ['http://127.0.0.1:8080/', '127.0.0.1', '127.0.0.1', 'loopback'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254', '169.254.169.254', 'linkLocal'],
    ['http://[::1]/', '::1', '::1', 'loopback'],
    ['http://[::ffff:7f00:1]/', '::ffff:7f00:1', '::ffff:7f00:1', 'ipv4Mapped'],
    ['http://0x7f000001/', '127.0.0.1', '127.0.0.1', 'loopback'],
    ['http://internal.test/', 'internal.test', '10.0.0.1', 'private'],
    ['http://mixed.test/', 'mixed.test', '127.0.0.1', 'loopback'],
    ['http://v6.test/', 'v6.test', 'fd00::1', 'uniqueLocal'],
  ])('refuses %s, a name or address that is not public', async (url, host, address, range) => {
    expect(await checkTarget(url, resolve, none)).toEqual({
      ok: false,
      failure: { kind: 'blocked_address', url: new URL(url).href, host, address, range },
    });
  });

  it('reports a name that does not resolve as unreachable', async () => {
    expect(await checkTarget('http://nowhere.test/', resolve, none)).toEqual({
      ok: false,
      failure: { kind: 'unreachable', url: 'http://nowhere.test/', code: 'ENOTFOUND' },
    });
  });

  it('lets an allowed host:port through, and only that port', async () => {
    const allow = new Set(['127.0.0.1:8080']);
    expect((await checkTarget('http://127.0.0.1:8080/', resolve, allow)).ok).toBe(true);
    expect(await checkTarget('http://127.0.0.1:8081/', resolve, allow)).toEqual({
      ok: false,
      failure: { kind: 'blocked_address', url: 'http://127.0.0.1:8081/', host: '127.0.0.1', address: '127.0.0.1', range: 'loopback' },
    });
  });
});
