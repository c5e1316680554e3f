// The addresses on this registry a page must link back to, built the way the registry's own pages
// write them (server/proof/urls.ts, core/ids.ts): proof pages are cited by registry ID, and by
// UUID for works that have none; artist pages carry the name percent-encoded as one segment.
import { proofPath } from '../../core/ids';
import type { ExpectedLinks } from './backlink';

function siteBase(siteUrl: string): string {
  return siteUrl.replace(/\/+$/, '');
}

export function artistPageUrl(siteUrl: string, artistName: string): string {
  return `${siteBase(siteUrl)}/artist/${encodeURIComponent(artistName)}`;
}

/**
 * A work is proven by a link to its proof page (either spelling) or its registry ID; by a link to
 * its artist's page only when the work is the claimant's (decision 0061): a page that links to a
 * name's page vouches for whoever proved that name, not for anyone who types the name.
 */
export function expectedForWork(
  siteUrl: string,
  work: { id: string; registryId: string | null; artistName: string },
  byClaimant: boolean,
): ExpectedLinks {
  const refs = work.registryId ? [work.registryId, work.id] : [work.id];
  return {
    urls: [
      ...refs.map((ref) => `${siteBase(siteUrl)}${proofPath(ref)}`),
      ...(byClaimant ? [artistPageUrl(siteUrl, work.artistName)] : []),
    ],
    registryIds: work.registryId ? [work.registryId] : [],
  };
}

/** The address the advice asks a page to link to: the artist page for the claimant, else the work's own proof page. */
export function backlinkFor(siteUrl: string, work: { registryId: string; artistName: string }, byClaimant: boolean): string {
  return byClaimant ? artistPageUrl(siteUrl, work.artistName) : `${siteBase(siteUrl)}${proofPath(work.registryId)}`;
}

/** An artist identity is proven by a link to its artist page. */
export function expectedForArtist(siteUrl: string, artistName: string): ExpectedLinks {
  return { urls: [artistPageUrl(siteUrl, artistName)], registryIds: [] };
}
