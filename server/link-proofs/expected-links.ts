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

/** A work is proven by a link to its proof page (either spelling), its registry ID, or its artist's page. */
export function expectedForWork(siteUrl: string, work: { id: string; registryId: string | null; artistName: string }): ExpectedLinks {
  const refs = work.registryId ? [work.registryId, work.id] : [work.id];
  return {
    urls: [...refs.map((ref) => `${siteBase(siteUrl)}${proofPath(ref)}`), artistPageUrl(siteUrl, work.artistName)],
    registryIds: work.registryId ? [work.registryId] : [],
  };
}

/** An artist identity is proven by a link to its artist page. */
export function expectedForArtist(siteUrl: string, artistName: string): ExpectedLinks {
  return { urls: [artistPageUrl(siteUrl, artistName)], registryIds: [] };
}
