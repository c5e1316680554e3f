// What a person reads about a link the registry checked (issue 33): each outcome of a fetch and
// each verdict of back-link detection, in words that say what to do about it. The server stores
// only the code; pages and the API show these texts.
import { LINK_FETCH_LIMITS } from './link-proof-limits';

/** Why a fetch of a user-given address did not give a page: a closed list. */
export const FETCH_FAILURES = [
  'unsupported_url',
  'blocked_address',
  'unreachable',
  'too_many_redirects',
  'too_large',
  'too_slow',
  'http_error',
  'not_html',
] as const;
export type FetchFailure = (typeof FETCH_FAILURES)[number];

/** Why a fetched page did not prove the link. */
export const BACKLINK_FAILURES = ['no_link_back', 'page_too_complex'] as const;
export type BacklinkFailure = (typeof BACKLINK_FAILURES)[number];

export type LinkProofReason = FetchFailure | BacklinkFailure;

export const LINK_PROOF_REASON_TEXTS: Record<LinkProofReason, string> = {
  unsupported_url: 'Only http and https addresses without a user name or password can be checked.',
  blocked_address: 'The address leads to a private or reserved network, which the registry never visits.',
  unreachable: 'The page could not be reached.',
  too_many_redirects: `The page redirected more than ${LINK_FETCH_LIMITS.maxRedirects} times.`,
  too_large: `The page is larger than ${LINK_FETCH_LIMITS.maxBytes / (1024 * 1024)} MB.`,
  too_slow: `The page did not load within ${LINK_FETCH_LIMITS.timeoutMs / 1000} seconds.`,
  http_error: 'The page answered with an error.',
  not_html: 'The address is not a web page.',
  no_link_back: 'The page does not link back to this registry.',
  page_too_complex: 'The page is too complex to be read in full.',
};

export const LINK_PROOF_STATE_TEXTS = {
  proven: 'Proven',
  not_proven: 'Not proven',
} as const;

export function linkProofReasonText(reason: LinkProofReason): string {
  return LINK_PROOF_REASON_TEXTS[reason];
}
