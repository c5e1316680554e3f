// Small readings of the raw evidence that several dimensions share.
import { IGNORED_RESOURCE_TYPES } from './rubric';
import type { TrustEvidence, TrustResource } from './types';

export interface UsableResource extends TrustResource {
  /** Host name without a leading 'www.'. */
  site: string;
}

/** The tool the artist claims: the selected tool, or the specification given for 'Other'. */
export function claimedToolName(evidence: TrustEvidence): string | null {
  const tool = evidence.tool?.trim() ?? '';
  if (tool.toLowerCase() === 'other') return evidence.toolOther?.trim() || null;
  return tool || null;
}

/**
 * Resources that can count as evidence: an http(s) URL, not a bookkeeping marker, each URL
 * once (ignoring case of the host, 'www.', a trailing slash and the #fragment), in input order.
 */
export function usableResources(resources: readonly TrustResource[]): UsableResource[] {
  const seen = new Set<string>();
  const usable: UsableResource[] = [];
  for (const resource of resources) {
    if (IGNORED_RESOURCE_TYPES.includes(resource.type)) continue;
    let url: URL;
    try {
      url = new URL(resource.url.trim());
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    const site = url.hostname.toLowerCase().replace(/^www\./, '');
    const key = `${site}${url.pathname.replace(/\/+$/, '')}${url.search}`;
    if (seen.has(key)) continue;
    seen.add(key);
    usable.push({ ...resource, site });
  }
  return usable;
}

/** The usable resources the server proved (a page that links back here): the only ones that earn points. */
export function provenResources(resources: readonly TrustResource[]): UsableResource[] {
  return usableResources(resources).filter((r) => r.proven);
}

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d+)?([zZ]|[+-]\d{2}:?\d{2})?$/;
const ISO_DATE = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?([zZ]|[+-]\d{2}:?\d{2})?$/;

/**
 * Milliseconds since the epoch for an ISO 8601 or EXIF ('YYYY:MM:DD HH:MM:SS') time, or null
 * when unreadable. A time without a zone is read as UTC, so the result never depends on the
 * machine's time zone; other free-form dates are refused for the same reason.
 */
export function parseTime(value: string | null | undefined): number | null {
  const text = value?.trim() ?? '';
  const exif = EXIF_DATE.exec(text);
  const iso = ISO_DATE.exec(
    exif ? `${exif[1]}-${exif[2]}-${exif[3]}T${exif[4]}:${exif[5]}:${exif[6]}${exif[7] ?? ''}${exif[8] ?? ''}` : text,
  );
  if (!iso) return null;
  const [, day, time, zone] = iso;
  const offset = (zone ?? 'Z').replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  const ms = Date.parse(`${day}T${time ?? '00:00'}${offset}`);
  return Number.isNaN(ms) ? null : ms;
}

/** 'YYYY-MM-DD' of a time, for reasons a person reads. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
