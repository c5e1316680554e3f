// Words a proof uses wherever it appears (proof page, exports, reports, JSON-LD): the five trust
// components and how to cite a work. One place, so the page and the downloads say the same.
import type { PublicWork, TrustDimensionKey } from './api-types';
import { DEFAULT_DISPLAY_LICENSE } from './constants';
import { SITE_NAME } from './site';

/** The five components in the order docs/product.md §1 lists them. */
export const TRUST_DIMENSION_LABELS: Readonly<Record<TrustDimensionKey, string>> = {
  claim_clarity: 'Claim clarity',
  source_depth: 'Source depth',
  verification_logic: 'Verification logic',
  temporal_context: 'Temporal context',
  mesh_linkage: 'Mesh linkage',
};

export const TRUST_DIMENSION_KEYS = Object.keys(TRUST_DIMENSION_LABELS) as TrustDimensionKey[];

type CitableWork = Pick<PublicWork, 'artist_name' | 'title' | 'created_at' | 'registry_id' | 'verify_url'>;

/** e.g. 'Ada Example (2026). Neon Tide [AI-generated artwork]. VeriWork Registry VW-2026-000001. https://…' */
export function workCitation(work: CitableWork): string {
  const year = new Date(work.created_at).getUTCFullYear();
  return `${work.artist_name} (${year}). ${work.title} [AI-generated artwork]. ${SITE_NAME} Registry ${work.registry_id}. ${work.verify_url}`;
}

export function copyrightNotice(work: Pick<PublicWork, 'artist_name' | 'created_at' | 'artwork_license'>): string {
  const year = new Date(work.created_at).getUTCFullYear();
  return `© ${year} ${work.artist_name}. ${work.artwork_license || DEFAULT_DISPLAY_LICENSE}.`;
}

/**
 * Where a work sits in the transparency log, worded the same on the proof page and in the
 * reports (issue 17): 'position 83 of 83'. The position is 1-based (the log's leaf index + 1) and
 * the total is the tree size of the checkpoint shown next to it.
 */
export function logPositionText(leafIndex: number, treeSize: number): string {
  return `position ${leafIndex + 1} of ${treeSize}`;
}
