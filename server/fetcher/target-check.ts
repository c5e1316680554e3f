// The checks on an address before any connection: scheme, no credentials, and a host whose every
// address is public. The connector checks again when it connects (guarded-connector.ts); this
// first check gives the refusal its reason before any socket exists, for the first address and
// for every redirect target.
import net from 'node:net';
import { addressVerdict } from './address-policy';
import { defaultPort, hostKey, type HostKey } from './allow-hosts';
import { firstBlocked } from './guarded-connector';
import type { FetchFailed } from './outcome';
import type { Resolve } from './resolve';

export type TargetCheck = { ok: true; url: URL } | { ok: false; failure: FetchFailed };

export function parseTarget(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // A user name or password in a link would be sent to the site in our name.
  if (url.username !== '' || url.password !== '') return null;
  if (url.hostname === '') return null;
  return url;
}

export async function checkTarget(raw: string, resolve: Resolve, allowHosts: ReadonlySet<HostKey>): Promise<TargetCheck> {
  const url = parseTarget(raw);
  if (!url) return { ok: false, failure: { kind: 'unsupported_url', url: raw } };
  const port = url.port ? Number(url.port) : defaultPort(url.protocol);
  if (allowHosts.has(hostKey(url.hostname, port))) return { ok: true, url };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const blocked = (address: string, range: string): TargetCheck => ({
    ok: false,
    failure: { kind: 'blocked_address', url: url.href, host, address, range },
  });
  if (net.isIP(host)) {
    const verdict = addressVerdict(host);
    return verdict.public ? { ok: true, url } : blocked(host, verdict.range);
  }
  let addresses;
  try {
    addresses = await resolve(host);
  } catch (err) {
    return { ok: false, failure: { kind: 'unreachable', url: url.href, code: (err as NodeJS.ErrnoException).code ?? 'ENOTFOUND' } };
  }
  if (addresses.length === 0) return { ok: false, failure: { kind: 'unreachable', url: url.href, code: 'ENOTFOUND' } };
  const first = firstBlocked(addresses);
  return first ? blocked(first.address, first.range) : { ok: true, url };
}
