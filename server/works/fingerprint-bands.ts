// Multi-index hashing for the near-duplicate search (migration 009): the 64-bit perceptual hash
// is read as four 16-bit bands, each with a database index. If two hashes are within
// NEAR_DUPLICATE_MAX_DISTANCE bits, then for some band i they differ by at most BAND_RADII[i]
// bits there, because the radii are chosen so that sum(radius + 1) = distance + 1 (pigeonhole:
// every band at least radius + 1 apart would add up to more than the distance allowed). So the
// band values within those radii of the new hash name every close fingerprint, and the exact
// distance is then checked on those candidates only; nothing close can be missed.
import { NEAR_DUPLICATE_MAX_DISTANCE } from '../image';

export const BAND_COUNT = 4;
export const BAND_BITS = 16;

/**
 * Bits a band may differ by and still be probed, e.g. [2, 2, 2, 1] for 10. A radius of -1 means
 * that band is not needed (tiny thresholds).
 */
export function bandRadii(maxDistance: number): number[] {
  const total = maxDistance + 1;
  return Array.from({ length: BAND_COUNT }, (_, i) => Math.floor(total / BAND_COUNT) + (i < total % BAND_COUNT ? 1 : 0) - 1);
}

/** Band i of a hash given as 16 hex characters; band 0 is the most significant 16 bits. */
export function bandOf(phashHex: string, band: number): number {
  return Number.parseInt(phashHex.slice(band * 4, band * 4 + 4), 16);
}

/** Every 16-bit value within `radius` bits of `value` (radius 2: 1 + 16 + 120 values). */
export function valuesWithin(value: number, radius: number): number[] {
  const out: number[] = [];
  const visit = (current: number, fromBit: number, flipsLeft: number) => {
    out.push(current);
    if (flipsLeft === 0) return;
    for (let bit = fromBit; bit < BAND_BITS; bit++) visit(current ^ (1 << bit), bit + 1, flipsLeft - 1);
  };
  if (radius >= 0) visit(value, 0, radius);
  return out;
}

/** For each band, the band values a close fingerprint may have (empty: band not probed). */
export function bandProbes(phashHex: string, maxDistance = NEAR_DUPLICATE_MAX_DISTANCE): number[][] {
  const radii = bandRadii(maxDistance);
  return radii.map((radius, band) => valuesWithin(bandOf(phashHex, band), radius));
}

/** Per band, the (query, band value) pairs to probe for many hashes, as two parallel arrays. */
export function bandProbeArrays(
  hashes: readonly { query: number; hash: string }[],
  maxDistance: number,
): { queries: number[]; values: number[] }[] {
  const probes = Array.from({ length: BAND_COUNT }, () => ({ queries: [] as number[], values: [] as number[] }));
  for (const { query, hash } of hashes) {
    bandProbes(hash, maxDistance).forEach((values, band) => {
      for (const value of values) {
        probes[band].queries.push(query);
        probes[band].values.push(value);
      }
    });
  }
  return probes;
}

/** A 16-hex-digit hash as the signed 64-bit number the fingerprint tables store (bigint columns). */
export function asSignedBigint(hashHex: string): string {
  return BigInt.asIntN(64, BigInt(`0x${hashHex}`)).toString();
}
