// Multi-index hashing for the near-duplicate searches: a 64-bit hash is read as a few bands, each
// with a database index. If two hashes are within `maxDistance` bits, then for some band i they
// differ by at most bandRadii(maxDistance)[i] bits there, because the radii are chosen so that
// sum(radius + 1) = distance + 1 (pigeonhole: every band at least radius + 1 apart would add up
// to more than the distance allowed). So the band values within those radii of a hash name every
// close hash, and the exact distance is then checked on those candidates only; nothing close can
// be missed. Wider bands hold fewer rows per value but need more values probed (C(width, <= r));
// each layout below is sized to its distance (decision 0076).
import { NEAR_DUPLICATE_MAX_DISTANCE } from '../image';

/** Bands of a 64-bit hash: widths in bits (at most 31 each), most significant first, adding up to 64. */
export interface BandLayout {
  readonly widths: readonly number[];
  /** How far each band is shifted right of the hash (0 for the least significant band). */
  readonly shifts: readonly number[];
}

function bandLayout(widths: readonly number[]): BandLayout {
  if (widths.reduce((sum, width) => sum + width, 0) !== 64 || widths.some((width) => width < 1 || width > 31)) {
    throw new RangeError(`Bands of 1 to 31 bits adding up to 64, not ${widths.join(', ')}`);
  }
  return { widths, shifts: widths.map((_, band) => 64 - widths.slice(0, band + 1).reduce((sum, width) => sum + width, 0)) };
}

/**
 * The whole-picture perceptual hash (migration 009, image_fingerprints, and the in-memory index
 * of banded-fingerprints.ts): four 16-bit bands, radii [2, 2, 2, 1] at 10 bits.
 */
export const PHASH_BANDS = bandLayout([16, 16, 16, 16]);
export const BAND_COUNT = PHASH_BANDS.widths.length;
export const BAND_BITS = 16;

/**
 * The crop-tolerant views (migration 038, image_region_hashes): three bands of 21, 21 and 22
 * bits, radius 2 each at REGION_MATCH_MAX_DISTANCE = 8. At 14.4 million views (a million works)
 * a band value holds about 7 rows, so a view probes 718 values and reads about 4,000 candidates,
 * where four 16-bit bands read about 41,000 (decision 0076).
 */
export const REGION_BANDS = bandLayout([21, 21, 22]);

/** How far band `band` is shifted right of the 64-bit hash (0 for the least significant band). */
export function bandShift(band: number, layout: BandLayout = PHASH_BANDS): number {
  return layout.shifts[band];
}

/**
 * Bits a band may differ by and still be probed, e.g. [2, 2, 2, 1] for 10 over four bands. A
 * radius of -1 means that band is not needed (tiny thresholds).
 */
export function bandRadii(maxDistance: number, layout: BandLayout = PHASH_BANDS): number[] {
  const count = layout.widths.length;
  const total = maxDistance + 1;
  return Array.from({ length: count }, (_, i) => Math.floor(total / count) + (i < total % count ? 1 : 0) - 1);
}

/**
 * Band i of a hash given as 16 hex characters; band 0 is the most significant bits. Read from
 * two 32-bit halves without BigInt: every search computes it for each band of each hash.
 */
export function bandOf(hashHex: string, band: number, layout: BandLayout = PHASH_BANDS): number {
  const width = layout.widths[band];
  const shift = layout.shifts[band];
  // Whole hex digits (the 16-bit bands): the digits themselves.
  if (width % 4 === 0 && shift % 4 === 0) return Number.parseInt(hashHex.slice(16 - (shift + width) / 4, 16 - shift / 4), 16);
  const mask = 2 ** width - 1;
  if (shift >= 32) return (Number.parseInt(hashHex.slice(0, 8), 16) >>> (shift - 32)) & mask;
  const low = Number.parseInt(hashHex.slice(8), 16);
  if (shift + width <= 32) return (low >>> shift) & mask;
  // Straddling the halves: the high half's lowest bits above the low half's from `shift` up.
  const high = Number.parseInt(hashHex.slice(0, 8), 16);
  return ((high & (2 ** (shift + width - 32) - 1)) << (32 - shift)) | (low >>> shift);
}

/** Every `bits`-bit value within `radius` bits of `value` (16 bits, radius 2: 1 + 16 + 120 values). */
export function valuesWithin(value: number, radius: number, bits = BAND_BITS): number[] {
  const out: number[] = [];
  const visit = (current: number, fromBit: number, flipsLeft: number) => {
    out.push(current);
    if (flipsLeft === 0) return;
    for (let bit = fromBit; bit < bits; bit++) visit(current ^ (1 << bit), bit + 1, flipsLeft - 1);
  };
  if (radius >= 0) visit(value, 0, radius);
  return out;
}

/** Values probed per hash over all bands: 188 for four 16-bit bands at 8 bits, 718 for REGION_BANDS. */
export function probesPerHash(maxDistance: number, layout: BandLayout = PHASH_BANDS): number {
  return bandRadii(maxDistance, layout).reduce((sum, radius, band) => sum + valuesWithin(0, radius, layout.widths[band]).length, 0);
}

/** For each band, the band values a close hash may have (empty: band not probed). */
export function bandProbes(hashHex: string, maxDistance = NEAR_DUPLICATE_MAX_DISTANCE, layout: BandLayout = PHASH_BANDS): number[][] {
  return bandRadii(maxDistance, layout).map((radius, band) =>
    valuesWithin(bandOf(hashHex, band, layout), radius, layout.widths[band]),
  );
}

/**
 * Per band, the (query, band value) pairs to probe for many hashes, as two parallel arrays in
 * ascending band value. The order is what the index is in: each probe descends the band's index
 * once, and descents in key order find the inner pages they pass through, and often the leaf,
 * still in memory; at a million works, where the band indexes are larger than PostgreSQL's
 * default shared buffers, the crop-tolerant search took about 30 % less time than with the values
 * in the order valuesWithin makes them (issue 38).
 */
export function bandProbeArrays(
  hashes: readonly { query: number; hash: string }[],
  maxDistance: number,
  layout: BandLayout = PHASH_BANDS,
): { queries: number[]; values: number[] }[] {
  const pairsByBand = layout.widths.map(() => [] as { query: number; value: number }[]);
  for (const { query, hash } of hashes) {
    bandProbes(hash, maxDistance, layout).forEach((values, band) => {
      for (const value of values) pairsByBand[band].push({ query, value });
    });
  }
  return pairsByBand.map((pairs) => {
    pairs.sort((a, b) => a.value - b.value || a.query - b.query);
    return { queries: pairs.map((pair) => pair.query), values: pairs.map((pair) => pair.value) };
  });
}

/** A 16-hex-digit hash as the signed 64-bit number the fingerprint tables store (bigint columns). */
export function asSignedBigint(hashHex: string): string {
  return BigInt.asIntN(64, BigInt(`0x${hashHex}`)).toString();
}
