// Submission identifiers: the UUID, the public registry form VW-YYYY-NNNNNN, short ids and proof paths.
import { REGISTRY_ID_PREFIX, REGISTRY_SEQ_MIN_DIGITS, SHORT_ID_LENGTH } from './constants';

/** 8-4-4-4-12 hex digits, any version: docs/product.md §5 asks only for a valid UUID. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const REGISTRY_ID_PATTERN = new RegExp(`^${REGISTRY_ID_PREFIX}-(\\d{4})-(\\d{${REGISTRY_SEQ_MIN_DIGITS},})$`, 'i');

export function isUuid(s: unknown): s is string {
  return typeof s === 'string' && UUID_PATTERN.test(s);
}

/** 'VW-2025-000001': year of creation and a sequence number of at least 6 digits. */
export function formatRegistryId(year: number, seq: number): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`Invalid registry year: ${year}`);
  if (!Number.isSafeInteger(seq) || seq < 1) throw new RangeError(`Invalid registry sequence: ${seq}`);
  return `${REGISTRY_ID_PREFIX}-${year}-${String(seq).padStart(REGISTRY_SEQ_MIN_DIGITS, '0')}`;
}

/** Parses a registry id (case-insensitive, surrounding spaces ignored); null when it is not one. */
export function parseRegistryId(s: unknown): { year: number; seq: number } | null {
  if (typeof s !== 'string') return null;
  const m = REGISTRY_ID_PATTERN.exec(s.trim());
  if (!m) return null;
  const seq = Number(m[2]);
  if (!Number.isSafeInteger(seq) || seq < 1) return null;
  return { year: Number(m[1]), seq };
}

export function isRegistryId(s: unknown): s is string {
  return parseRegistryId(s) !== null;
}

/**
 * The canonical spelling of something that names a submission (UUID lower-cased, registry id
 * upper-cased and re-padded), or null when it is neither.
 */
export function normaliseSubmissionRef(s: unknown): string | null {
  if (typeof s !== 'string') return null;
  const t = s.trim();
  if (isUuid(t)) return t.toLowerCase();
  const reg = parseRegistryId(t);
  return reg ? formatRegistryId(reg.year, reg.seq) : null;
}

/** First 8 characters of the id: the short id and the citation suffix. */
export function shortId(id: string): string {
  return id.slice(0, SHORT_ID_LENGTH);
}

/** Site-relative proof page path. */
export function proofPath(id: string): string {
  return `/verify/${encodeURIComponent(id)}`;
}

/**
 * The submission a removal request is about (docs/product.md §5): the id after '/verify/' up to any
 * '?', '#' or further '/', or a bare UUID / registry id typed alone. Anything that is not a
 * well-formed id gives null: the request is still stored with the text the requester typed.
 */
export function extractSubmissionIdFromUrl(text: string | null | undefined): string | null {
  if (!text) return null;
  const marker = '/verify/';
  const at = text.indexOf(marker);
  if (at === -1) return normaliseSubmissionRef(text);
  const rest = text.slice(at + marker.length);
  const candidate = rest.split(/[?#/\s]/, 1)[0];
  let decoded = candidate;
  try {
    decoded = decodeURIComponent(candidate);
  } catch {
    // A malformed %-escape is not an id; fall through with the raw text, which will not match.
  }
  return normaliseSubmissionRef(decoded);
}
