// The connection step of every fetch of a user-given URL: the address is checked after the name
// is resolved, and the socket connects to the address that was checked, never to a second
// answer of the resolver (which a hostile DNS server could point at 127.0.0.1: "DNS
// rebinding"). Checking in the connector rather than before the request covers redirects and
// keeps one place that decides.
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { buildConnector } from 'undici';
import { addressVerdict } from './address-policy';
import { hostKey, defaultPort, type HostKey } from './allow-hosts';
import { BlockedAddressError } from './blocked-address-error';
import type { Resolve, ResolvedAddress } from './resolve';

export interface GuardedConnectorOptions {
  resolve: Resolve;
  /** Test-only exceptions (FETCH_ALLOW_HOSTS): these host:port pairs skip the address check. */
  allowHosts: ReadonlySet<HostKey>;
  connectTimeoutMs: number;
}

/** The first address of `addresses` that is not public, with its range; null when all are. */
export function firstBlocked(addresses: readonly ResolvedAddress[]): { address: string; range: string } | null {
  for (const { address } of addresses) {
    const verdict = addressVerdict(address);
    if (!verdict.public) return { address, range: verdict.range };
  }
  return null;
}

// A name with any non-public address is refused as a whole: connecting to "the public one" would
// still leave the choice of address to whoever controls the name.
function lookupWith(resolve: Resolve, check: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (all) => {
        const addresses = options.family ? all.filter((a) => a.family === options.family) : all;
        if (addresses.length === 0) {
          const err: NodeJS.ErrnoException = new Error(`No address for ${hostname}`);
          err.code = 'ENOTFOUND';
          callback(err, '', 0);
          return;
        }
        const blocked = check ? firstBlocked(addresses) : null;
        if (blocked) {
          callback(new BlockedAddressError(hostname, blocked.address, blocked.range), '', 0);
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

export function createGuardedConnector(options: GuardedConnectorOptions): buildConnector.connector {
  const timeout = options.connectTimeoutMs;
  const guarded = buildConnector({ timeout, lookup: lookupWith(options.resolve, true) });
  const allowed = buildConnector({ timeout, lookup: lookupWith(options.resolve, false) });
  return (connectOptions, callback) => {
    const port = connectOptions.port ? Number(connectOptions.port) : defaultPort(connectOptions.protocol);
    if (options.allowHosts.has(hostKey(connectOptions.hostname, port))) {
      allowed(connectOptions, callback);
      return;
    }
    // Node does not call `lookup` for an IP literal: it is checked here instead.
    if (net.isIP(connectOptions.hostname)) {
      const verdict = addressVerdict(connectOptions.hostname);
      if (!verdict.public) {
        callback(new BlockedAddressError(connectOptions.hostname, connectOptions.hostname, verdict.range), null);
        return;
      }
    }
    guarded(connectOptions, callback);
  };
}
