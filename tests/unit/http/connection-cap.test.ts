// Which peers the per-address connection cap counts (issue 34, decision 0054): every peer without
// TRUST_PROXY; behind listed proxies, all but them; with TRUST_PROXY=true or a hop count, where
// any peer may be a proxy, none (no cap). Addresses are counted as the rate limits count them.
import { describe, expect, it } from 'vitest';
import { clientAddressKey } from '../../../server/http/client-address';
import { proxyPeers } from '../../../server/http/connection-cap';

describe('proxyPeers', () => {
  it('without TRUST_PROXY, no peer is a proxy', () => {
    const isProxy = proxyPeers(false)!;
    expect(['127.0.0.1', '10.0.0.1', '::1'].map(isProxy)).toEqual([false, false, false]);
  });

  it('with TRUST_PROXY=true or a hop count there is no cap (null)', () => {
    expect(proxyPeers(true)).toBeNull();
    expect(proxyPeers(2)).toBeNull();
  });

  it('with a list, its addresses, CIDRs and named ranges are the proxies, IPv4-mapped IPv6 included', () => {
    const isProxy = proxyPeers(['192.0.2.10', '10.1.0.0/16', 'loopback', '2001:db8::/32'])!;
    expect(
      [
        '192.0.2.10',
        '::ffff:192.0.2.10',
        '192.0.2.11',
        '10.1.200.3',
        '10.2.0.1',
        '127.0.0.1',
        '::1',
        '2001:db8::7',
        '2001:db9::1',
      ].map(isProxy),
    ).toEqual([true, true, false, true, false, true, true, true, false]);
  });
});

describe('clientAddressKey', () => {
  it('keeps an IPv4 address, and folds IPv6 to its /64 and IPv4-mapped IPv6 to IPv4', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe(clientAddressKey('2001:db8:1:2::1'));
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(clientAddressKey('2001:db8:1:2::1'));
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
});
