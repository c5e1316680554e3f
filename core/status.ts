// Trust score → status label, colour band and meaning (docs/product.md §4).
// Decision 0004: one scale everywhere (ledger, proof, home, artist page, badges): the ledger bands.
import { SIGNAL_MIN_WIDTH_PERCENT, TRUST_MAX, TRUST_MIN, TRUST_THRESHOLDS, VERIFIED_THRESHOLD } from './constants';

export type StatusBand = 'provenance-strong' | 'traceable' | 'documented' | 'verified' | 'incomplete';
export type StatusColour = 'emerald' | 'blue' | 'amber' | 'green' | 'red';

export interface TrustStatus {
  label: string;
  band: StatusBand;
  meaning: string;
  colour: StatusColour;
  /** The colour as hex, for server-drawn artefacts (SVG/PNG badges, PDF); Tailwind's 600 shades. */
  hex: string;
}

interface BandDefinition extends TrustStatus {
  /** Lowest score of the band (inclusive). */
  min: number;
}

// Highest band first: the first band whose minimum the score reaches wins.
const BANDS: readonly BandDefinition[] = [
  {
    min: TRUST_THRESHOLDS.provenanceStrong,
    label: 'Provenance Strong',
    band: 'provenance-strong',
    meaning: 'Full submission with 7-10 verification resources.',
    colour: 'emerald',
    hex: '#059669',
  },
  {
    min: TRUST_THRESHOLDS.traceable,
    label: 'Traceable',
    band: 'traceable',
    meaning: 'Several verification resources trace the work back to its artist.',
    colour: 'blue',
    hex: '#2563eb',
  },
  {
    min: TRUST_THRESHOLDS.documented,
    label: 'Documented',
    band: 'documented',
    meaning: 'Structured documentation with verification resources.',
    colour: 'amber',
    hex: '#d97706',
  },
  {
    min: TRUST_THRESHOLDS.verified,
    label: 'Verified',
    band: 'verified',
    meaning: 'Minimum threshold: image, prompt and at least 1 verification resource.',
    colour: 'green',
    hex: '#16a34a',
  },
  {
    min: TRUST_MIN,
    label: 'Incomplete',
    band: 'incomplete',
    meaning: 'Limited visibility in public searches.',
    colour: 'red',
    hex: '#dc2626',
  },
];

/** Shown in the amber advice box of an 'Incomplete' work (docs/product.md §4). */
export const INCOMPLETE_ADVICE = `To reach the Verified threshold (${TRUST_THRESHOLDS.verified}), add a public prompt and at least one verification resource, such as a portfolio or social profile link.`;

/**
 * Brings any input onto the 0-100 integer scale. Non-numbers, NaN and infinities count as 0 so a broken
 * value is shown as the weakest status, never as a strong one.
 */
export function clampScore(score: unknown): number {
  const n = typeof score === 'number' ? score : typeof score === 'string' && score.trim() !== '' ? Number(score) : NaN;
  if (!Number.isFinite(n)) return TRUST_MIN;
  return Math.min(TRUST_MAX, Math.max(TRUST_MIN, Math.round(n)));
}

/** True for an integer 0-100: what the server may store as trust_meter. */
export function isValidScore(score: unknown): score is number {
  return typeof score === 'number' && Number.isInteger(score) && score >= TRUST_MIN && score <= TRUST_MAX;
}

export function trustStatus(score: unknown): TrustStatus {
  const s = clampScore(score);
  const band = BANDS.find((b) => s >= b.min) ?? BANDS[BANDS.length - 1];
  const { label, band: name, meaning, colour, hex } = band;
  return { label, band: name, meaning, colour, hex };
}

/** Width of the Signal Strength bar in percent: the score, but at least 5 so the bar stays visible. */
export function signalWidthPercent(score: unknown): number {
  return Math.max(SIGNAL_MIN_WIDTH_PERCENT, clampScore(score));
}

/** 62 or more: shown on the home page, 'Verified' in admin, good badge on the deleted page. */
export function isVerifiedScore(score: unknown): boolean {
  return clampScore(score) >= VERIFIED_THRESHOLD;
}

/**
 * Artist page count (issue 17): every public work the artist registered, and how many of them
 * reach the Verified threshold ('3 registered works, 1 verified'). The original's 'N verified
 * artworks' counted works below it too (decision 0023).
 */
export function registeredWorksText(total: number, verified: number): string {
  return `${total} registered ${total === 1 ? 'work' : 'works'}, ${verified} verified`;
}

/** Artist page without any public work. */
export const NO_ARTIST_WORKS_TEXT = 'No registered works found for this artist.';

/** Admin dashboard trust label (docs/product.md §2). */
export function adminTrustLabel(score: unknown): 'Verified' | 'Review Needed' {
  return isVerifiedScore(score) ? 'Verified' : 'Review Needed';
}

export interface StatusGuideEntry {
  label: string;
  range: string;
  meaning: string;
  colour: StatusColour;
}

/** The ledger's 'Verification Status Guide': the four statuses a listed work can carry, strongest first. */
export const STATUS_GUIDE: readonly StatusGuideEntry[] = BANDS.filter((b) => b.min >= VERIFIED_THRESHOLD).map((b, i, all) => ({
  label: b.label,
  range: i === 0 ? `${b.min}-${TRUST_MAX}` : `${b.min}-${all[i - 1].min - 1}`,
  meaning: b.meaning,
  colour: b.colour,
}));

/** Under the artist name on a proof page (decision 0061): whether the name's claimant registered the work. */
export const ARTIST_CONFIRMED_TEXT = 'Registered by the artist who proved this name.';
export const ARTIST_NOT_CONFIRMED_TEXT = 'The name as given by whoever registered the work; not confirmed by a proven artist.';
/** The artist page's list of works registered under a claimed name by others. */
export const OTHERS_UNDER_NAME_HEADING = 'Also registered under this name by others, not confirmed by the artist';
/** The artist page of a name nobody proved. */
export const UNCLAIMED_NAME_TEXT =
  'No artist has proven this name yet: these works were registered under it by whoever submitted them, and none is confirmed by the artist.';
