// One check of one link: fetch the page through the guarded fetcher, then apply the back-link
// rule. The result is the state a later step stores and scores (decision 29 of the product
// decisions: only a proven link earns points); this file does not store or schedule anything.
import type { LinkProofReason } from '../../core/link-proof-texts';
import type { Fetcher } from '../fetcher/fetcher';
import { findBacklink, type BacklinkMethod, type ExpectedLinks } from './backlink';

export type LinkProofState =
  { state: 'proven'; method: BacklinkMethod; checkedAt: Date } | { state: 'not_proven'; reason: LinkProofReason; checkedAt: Date };

export interface LinkProofDeps {
  fetcher: Pick<Fetcher, 'fetchPage'>;
  now: () => Date;
}

export async function checkLinkProof(url: string, expected: ExpectedLinks, deps: LinkProofDeps): Promise<LinkProofState> {
  const page = await deps.fetcher.fetchPage(url);
  // The time the answer was known, not the time the check began: a slow page is judged as of now.
  const checkedAt = deps.now();
  if (page.kind !== 'ok') return { state: 'not_proven', reason: page.kind, checkedAt };
  const verdict = findBacklink(page.body, page.url, expected);
  return verdict.proven
    ? { state: 'proven', method: verdict.method, checkedAt }
    : { state: 'not_proven', reason: verdict.reason, checkedAt };
}
