// Display helpers of the proof page: sizes, dimensions, dates, the citation and the labels of the
// five trust dimensions.
import type { PublicWork, TrustDimensionKey, TrustBreakdownDto } from '../../../../core/api-types';
import { SITE_NAME } from '../../../../core/site';

// The same labels and order as the exports (server/proof/components.ts), so the page and the
// downloaded report name the five components alike.
export const DIMENSION_LABELS: Readonly<Record<TrustDimensionKey, string>> = {
  claim_clarity: 'Claim clarity',
  source_depth: 'Source depth',
  verification_logic: 'Verification logic',
  temporal_context: 'Temporal context',
  mesh_linkage: 'Mesh linkage',
};

export const DIMENSION_KEYS = Object.keys(DIMENSION_LABELS) as TrustDimensionKey[];

export const SPECIFICITY_LABELS: Readonly<Record<NonNullable<TrustBreakdownDto['prompt_specificity']>['level'], string>> = {
  none: 'No prompt',
  vague: 'Vague',
  moderate: 'Moderate',
  specific: 'Specific',
};

/** '35 KB', '2.4 MB'; null when unknown. */
export function formatFileSize(bytes: number | null): string | null {
  if (bytes === null || !Number.isFinite(bytes) || bytes < 0) return null;
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Stored 'w,h' → '640 × 480 px'; anything else is shown as stored. */
export function formatDimensions(stored: string | null): string | null {
  if (!stored) return null;
  const match = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(stored);
  return match ? `${match[1]} × ${match[2]} px` : stored;
}

/** 'image/png' → 'PNG'. */
export function formatFileType(mime: string | null): string | null {
  if (!mime) return null;
  const subtype = mime.split('/')[1] ?? mime;
  return subtype === 'jpeg' ? 'JPEG' : subtype.toUpperCase();
}

/** The creation time in the visitor's own time zone and locale. */
export function formatLocalDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });
}

/**
 * How to cite the work; the same wording as the exports and reports (server/proof/citation.ts):
 * 'Ada (2026). Neon Tide [AI-generated artwork]. VeriWork Registry VW-2026-000001. https://…'.
 */
export function citationText(work: Pick<PublicWork, 'artist_name' | 'title' | 'created_at' | 'registry_id' | 'verify_url'>): string {
  const year = new Date(work.created_at).getUTCFullYear();
  return `${work.artist_name} (${year}). ${work.title} [AI-generated artwork]. ${SITE_NAME} Registry ${work.registry_id}. ${work.verify_url}`;
}

/** Stored links were validated as http(s) on submission; anything else is not rendered as a link. */
export function isWebLink(url: string | null | undefined): url is string {
  return typeof url === 'string' && /^https?:\/\//i.test(url);
}

/** True when the link leaves this site (it then opens in a new tab). */
export function isExternalLink(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin !== window.location.origin;
  } catch {
    return true;
  }
}
