// FETCH_ALLOW_HOSTS, the test-only exception: exact host:port pairs, nothing wider.
import { describe, expect, it } from 'vitest';
import { hostKey, parseAllowHosts } from '../../../server/fetcher/allow-hosts';

describe('parseAllowHosts', () => {
  it('is empty when unset or blank', () => {
    expect(parseAllowHosts(undefined)).toEqual([]);
    expect(parseAllowHosts('')).toEqual([]);
    expect(parseAllowHosts(' , ')).toEqual([]);
  });

  it('reads host:port pairs, IPv6 in brackets, host names lower-cased', () => {
    expect(parseAllowHosts('127.0.0.1:41234, [::1]:8080,Alias.Test:80')).toEqual(['127.0.0.1:41234', '[::1]:8080', 'alias.test:80']);
  });

  it.each(['127.0.0.1', '10.0.0.0/8', '[::1]', 'host:0', 'host:70000', '::1:80'])(
    'refuses %s, which is not one host and port',
    (entry) => {
      expect(() => parseAllowHosts(entry)).toThrow(`FETCH_ALLOW_HOSTS: '${entry}' is not host:port`);
    },
  );
});

describe('hostKey', () => {
  it('spells a host and port the way the setting does', () => {
    expect(hostKey('LOCALHOST', 80)).toBe('localhost:80');
    expect(hostKey('::1', 443)).toBe('[::1]:443');
    expect(hostKey('[::1]', 443)).toBe('[::1]:443');
  });
});
