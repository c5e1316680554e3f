// One check of one domain proof (decision 0062): the domain is proven when its TXT record
// `_veriwork.<domain>` or its file `/.well-known/veriwork-proof.txt` holds the line
// `veriwork-proof=<token>` of this identity's proof. A domain whose name leads to a private or
// reserved address is refused before anything is asked (no look-up, no fetch): the registry is
// never made to read its own network. The file goes through the guarded fetcher; this file
// stores nothing.
import { DOMAIN_PROOF_FILE_PATH, domainProofTxtName, domainProofValue } from '../../core/api/domain-proofs';
import type { Fetcher } from '../fetcher/fetcher';
import type { DomainCheck } from './domain-proof-repository';
import type { TxtLookup } from './txt-lookup';

export interface DomainProofDeps {
  fetcher: Pick<Fetcher, 'fetchPage' | 'checkAddress'>;
  lookupTxt: TxtLookup;
  /** Test-only: the file is fetched over http on this port (DOMAIN_PROOF_TEST_HTTP_PORT). */
  testHttpPort: number | null;
  now: () => Date;
}

/** Where the proof file of `domain` is read: https, on the domain itself. */
export function domainFileUrl(domain: string, testHttpPort: number | null): string {
  return testHttpPort === null
    ? `https://${domain}${DOMAIN_PROOF_FILE_PATH}`
    : `http://${domain}:${testHttpPort}${DOMAIN_PROOF_FILE_PATH}`;
}

/** The file may redirect within the domain (to www., say), never to another one. */
function withinDomain(url: string, domain: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return host === domain || host.endsWith(`.${domain}`);
}

function holdsLine(text: string, line: string): boolean {
  return text.split(/\r?\n/).some((l) => l.trim() === line);
}

export async function checkDomainProof(domain: string, token: string, deps: DomainProofDeps): Promise<DomainCheck> {
  const fileUrl = domainFileUrl(domain, deps.testHttpPort);
  const address = await deps.fetcher.checkAddress(fileUrl);
  if (!address.ok && address.failure.kind !== 'unreachable')
    return { state: 'not_proven', reason: address.failure.kind, checkedAt: deps.now() };
  const expected = domainProofValue(token);
  const records = await deps.lookupTxt(domainProofTxtName(domain));
  if (records.some((r) => r.trim() === expected)) return { state: 'proven', method: 'dns_txt', checkedAt: deps.now() };
  // A domain without an address of its own (a TXT-only name) has no file to read.
  if (!address.ok) return { state: 'not_proven', reason: 'unreachable', checkedAt: deps.now() };
  const file = await deps.fetcher.fetchPage(fileUrl, 'text');
  const checkedAt = deps.now();
  if (file.kind !== 'ok') return { state: 'not_proven', reason: file.kind, checkedAt };
  if (withinDomain(file.url, domain) && holdsLine(file.body, expected)) return { state: 'proven', method: 'well_known', checkedAt };
  return { state: 'not_proven', reason: 'no_token', checkedAt };
}
