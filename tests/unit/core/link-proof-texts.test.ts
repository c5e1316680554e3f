// The words a person reads about a checked link, quoting the limits the fetcher enforces.
import { describe, expect, it } from 'vitest';
import { BACKLINK_FAILURES, FETCH_FAILURES, LINK_PROOF_REASON_TEXTS, linkProofReasonText } from '../../../core/link-proof-texts';

describe('link proof reasons', () => {
  it('has one text for every reason, and no other', () => {
    expect(Object.keys(LINK_PROOF_REASON_TEXTS).sort()).toEqual([...FETCH_FAILURES, ...BACKLINK_FAILURES].sort());
  });

  it('words each reason', () => {
    expect(LINK_PROOF_REASON_TEXTS).toEqual({
      unsupported_url: 'Only http and https addresses without a user name or password can be checked.',
      blocked_address: 'The address leads to a private or reserved network, which the registry never visits.',
      unreachable: 'The page could not be reached.',
      too_many_redirects: 'The page redirected more than 3 times.',
      too_large: 'The page is larger than 1 MB.',
      too_slow: 'The page did not load within 5 seconds.',
      http_error: 'The page answered with an error.',
      not_html: 'The address is not a web page.',
      no_link_back: 'The page does not link back to this registry.',
      page_too_complex: 'The page is too complex to be read in full.',
    });
    expect(linkProofReasonText('too_slow')).toBe('The page did not load within 5 seconds.');
  });
});
