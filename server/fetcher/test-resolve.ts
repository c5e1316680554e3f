// FETCH_TEST_RESOLVE: a test-only resolver. Browser tests run the real server as its own process,
// whose link checks must reach a page server the test started on loopback under a '.test' name,
// and must never ask a DNS server about any other name (tests send traffic to this machine only).
// Set, the fetcher resolves exactly the listed names to their addresses and no other name at all
// (those are 'unreachable'); unset, the system resolver answers (resolve.ts). The addresses still
// pass the public-address rule unless FETCH_ALLOW_HOSTS opens their port too.
import net from 'node:net';
import type { Resolve } from './resolve';

/** Parses 'name=address,…'; throws on an entry that is not a name and an IP address. */
export function parseTestResolve(value: string | undefined): Map<string, string> | null {
  if (!value) return null;
  const names = new Map<string, string>();
  for (const entry of value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name, address] = entry.split('=').map((s) => s.trim());
    if (!name || !address || net.isIP(address) === 0) throw new Error(`FETCH_TEST_RESOLVE: '${entry}' is not name=address`);
    names.set(name.toLowerCase(), address);
  }
  return names;
}

export function testResolve(names: ReadonlyMap<string, string>): Resolve {
  return async (hostname) => {
    const address = names.get(hostname.toLowerCase());
    if (address === undefined) throw Object.assign(new Error(`${hostname} is not a test name`), { code: 'ENOTFOUND' });
    return [{ address, family: net.isIPv6(address) ? 6 : 4 }];
  };
}
