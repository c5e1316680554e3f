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

// ---- Log entry numbers (decision 0052) ----
// A work's place in the transparency log is its leaf index, the number every machine-readable
// form already carries (proof.json's leaf_index, the public record's log_index, the tlog-proof's
// index, the tile API, `npm run verify`). Pages and reports write that same number, '#63', never
// a translated one; the size of a checkpoint is said apart from it, because it grows while the
// entry number stays.

/** What a log entry number means, stated once for every page and report that shows one. */
export const LOG_ENTRY_NUMBERING =
  'Log entries are numbered from #0 in the order they were added (the first is #0); the number is the leaf_index in proof.json and in the log’s own API.';

/** How the API formats describe a work's log entry number. */
export const LOG_INDEX_DESCRIPTION =
  "The work's entry in the transparency log: its leaf index, counted from 0 (shown as '#63' on its pages); null until logged.";

/** '#63': a log entry's number, as every page and report writes it. */
export function logEntryNumber(leafIndex: number): string {
  return `#${leafIndex}`;
}

/** 'log entry #63': a work's (or a change's) place in the transparency log. */
export function logEntryText(leafIndex: number): string {
  return `log entry ${logEntryNumber(leafIndex)}`;
}

/** '66 entries (#0 to #65)': the size of the checkpoint a proof leads to. */
export function logSizeText(treeSize: number): string {
  return treeSize === 1 ? '1 entry (#0)' : `${treeSize} entries (#0 to #${treeSize - 1})`;
}

/** How a person checks a downloaded proof, as the reports and bundle.txt say it. */
export function checkAProofText(siteOrigin: string): string {
  return `open ${siteOrigin}/verify-proof and drop the bundle (.zip) or proof.json on the page, with the image file if you have it`;
}
