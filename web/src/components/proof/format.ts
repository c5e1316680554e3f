// Display helpers of the proof page: sizes, dimensions, dates and prompt specificity labels.
import type { TrustBreakdownDto } from '#core/api-types';

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
