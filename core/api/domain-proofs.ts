// Domain proofs (issue 33, decision 0062): an artist proves a domain they own with a DNS TXT
// record or a file at /.well-known/, either holding a token the registry gave their identity.
// Shared by the server (what it looks for), the API (what the manage page receives) and the web
// manage page (the instructions it shows).
import { z } from 'zod';
import { FETCH_FAILURES, LINK_PROOF_REASON_TEXTS, type FetchFailure } from '../link-proof-texts';

/** The file checked on the domain, served as text/plain over https. */
export const DOMAIN_PROOF_FILE_PATH = '/.well-known/veriwork-proof.txt';
/** The DNS name under the domain that holds the TXT record. */
export const DOMAIN_PROOF_TXT_LABEL = '_veriwork';
/** Each record or file line reads `veriwork-proof=<token>`. */
export const DOMAIN_PROOF_PREFIX = 'veriwork-proof=';
/** Domains one identity may have (proven or not): the re-check stays bounded. */
export const DOMAIN_PROOFS_PER_IDENTITY = 5;

export const DOMAIN_PROOF_STATES = ['pending', 'proven', 'not_proven'] as const;
export const DOMAIN_PROOF_METHODS = ['dns_txt', 'well_known'] as const;
export type DomainProofMethod = (typeof DOMAIN_PROOF_METHODS)[number];

/** Why a domain is not proven: the file's fetch failed, or neither place holds the token. */
export type DomainProofReason = FetchFailure | 'no_token';
export const DOMAIN_PROOF_REASONS: readonly DomainProofReason[] = [...FETCH_FAILURES, 'no_token'];

const REASON_TEXTS: Record<DomainProofReason, string> = {
  ...LINK_PROOF_REASON_TEXTS,
  unreachable: 'No TXT record holds the token, and the file could not be reached.',
  http_error: 'No TXT record holds the token, and the file answered with an error (is it in place?).',
  not_html: 'No TXT record holds the token, and the file is not served as text/plain.',
  no_token: 'Neither the TXT record nor the file holds this token.',
};

export function domainProofReasonText(reason: DomainProofReason): string {
  return REASON_TEXTS[reason];
}

export const DOMAIN_METHOD_LABELS: Record<DomainProofMethod, string> = {
  dns_txt: 'DNS TXT record',
  well_known: 'file on the site',
};

/** The TXT record's name for `domain`. */
export function domainProofTxtName(domain: string): string {
  return `${DOMAIN_PROOF_TXT_LABEL}.${domain}`;
}

/** The line the record or the file holds. */
export function domainProofValue(token: string): string {
  return `${DOMAIN_PROOF_PREFIX}${token}`;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The domain someone typed, as the registry keeps it: lower case, ASCII (punycode), without a
 * scheme, path, port or final dot; null when it is not a domain name of two labels or more (an
 * IP address is not a domain: it proves nothing about a name).
 */
export function normaliseDomain(input: string): string | null {
  let text = input.trim().toLowerCase();
  text = text
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d*$/, '')
    .replace(/\.$/, '');
  if (text === '' || text.length > 253) return null;
  let ascii: string;
  try {
    ascii = new URL(`http://${text}/`).hostname;
  } catch {
    return null;
  }
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  if (/^[0-9]+$/.test(labels[labels.length - 1])) return null;
  return ascii;
}

export const domainProofSchema = z
  .object({
    domain: z.string(),
    state: z.enum(DOMAIN_PROOF_STATES).describe("'pending' until the first check ends."),
    method: z.enum(DOMAIN_PROOF_METHODS).nullable().describe('How the domain was proven; null unless proven.'),
    reason: z.string().nullable().describe('Why the domain is not proven, in words; null otherwise.'),
    checked_at: z.string().nullable().describe('When the domain was last checked, ISO 8601 UTC.'),
    proven_at: z.string().nullable().describe('Since when it has been proven without a break.'),
    txt_name: z.string().describe('The DNS name of the TXT record to set.'),
    file_url: z.string().describe('The address of the file to put on the site.'),
    value: z.string().describe("The TXT record's value, or a line of the file: it names this identity's token."),
  })
  .meta({ id: 'DomainProof', description: 'A domain the signed-in identity proves it owns, with what to set to prove it.' });
export type DomainProof = z.infer<typeof domainProofSchema>;

export const domainProofsSchema = z
  .object({ domain_proofs: z.array(domainProofSchema) })
  .meta({ id: 'DomainProofs', description: "The domains of the work's identity (its artist name and this address)." });
export type DomainProofs = z.infer<typeof domainProofsSchema>;

export const domainProofRequestSchema = z
  .object({ domain: z.string().min(1).max(300).describe('The domain to prove, such as rutkowski.art.') })
  .meta({ id: 'DomainProofRequest' });
