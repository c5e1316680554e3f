// The DNS TXT look-up of domain proofs (decision 0062), through the resolver the configuration
// names (DNS_PROOF_RESOLVER, host:port) or the system's. A look-up that fails for any reason
// (no such name, no record, a timeout) is an empty answer: the file on the site may still prove
// the domain, and the reason shown is the file's.
import { Resolver } from 'node:dns/promises';

export type TxtLookup = (name: string) => Promise<string[]>;

/** 'host:port' or '[v6]:port' or a bare host (port 53), as Resolver#setServers takes it. */
export function createTxtLookup(server: string | null, timeoutMs = 2_000): TxtLookup {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (server) resolver.setServers([server]);
  return async (name) => {
    try {
      // A TXT record is split in strings of 255 bytes at most; its value is their concatenation.
      return (await resolver.resolveTxt(name)).map((parts) => parts.join(''));
    } catch {
      return [];
    }
  };
}

/**
 * The look-up the configuration asks for. With FETCH_TEST_RESOLVE set (a browser test's server)
 * and no DNS_PROOF_RESOLVER, no DNS server is asked at all: tests send traffic to this machine only.
 */
export function txtLookupFromConfig(config: { dnsProofResolver: string | null; fetchTestResolve: unknown }): TxtLookup {
  if (config.dnsProofResolver === null && config.fetchTestResolve) return async () => [];
  return createTxtLookup(config.dnsProofResolver);
}
