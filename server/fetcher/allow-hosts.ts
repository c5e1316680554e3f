// FETCH_ALLOW_HOSTS: test-only exceptions to the public-address rule, so tests can fetch from
// servers they start on loopback. Each entry is one host and port ("127.0.0.1:41234",
// "[::1]:8080", "alias.test:80"), never a whole host or a network, so a forgotten setting opens
// one port of one name, not the private network. Empty by default (docs/configuration.md).
import net from 'node:net';

/** 'host:port' as entries and hostKey() spell it: host lower-cased, IPv6 in brackets. */
export type HostKey = string;

export function hostKey(hostname: string, port: number): HostKey {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return net.isIPv6(host) ? `[${host}]:${port}` : `${host}:${port}`;
}

export function defaultPort(protocol: string): number {
  return protocol === 'https:' ? 443 : 80;
}

/** Parses the setting; throws on an entry without a port, so a typo cannot open a whole host. */
export function parseAllowHosts(value: string | undefined): HostKey[] {
  if (!value) return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^(\[[^\]]+\]|[^:[\]]+):(\d{1,5})$/.exec(entry);
      const port = match ? Number(match[2]) : NaN;
      if (!match || port < 1 || port > 65535) {
        throw new Error(`FETCH_ALLOW_HOSTS: '${entry}' is not host:port`);
      }
      return hostKey(match[1], port);
    });
}
