// Random crop-tolerant views for the band search tests (REGION_BANDS, decision 0076): hashes as
// 16 hex digits, and copies whose differing bits fall on chosen bands, the worst case for a
// band search (e.g. 3 + 3 + 2 bits: no band equal, one band within radius 2).
import { bandShift, REGION_BANDS } from '../../server/works/fingerprint-bands';

export function randomHex(next: () => number): string {
  return Array.from({ length: 4 }, () =>
    Math.floor(next() * 0x10000)
      .toString(16)
      .padStart(4, '0'),
  ).join('');
}

/** `hash` with `flips[b]` distinct bits flipped inside band b of REGION_BANDS. */
export function flipInBands(hash: string, flips: readonly number[], next: () => number): string {
  let value = BigInt(`0x${hash}`);
  flips.forEach((count, band) => {
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(bandShift(band, REGION_BANDS) + Math.floor(next() * REGION_BANDS.widths[band]));
    for (const bit of chosen) value ^= 1n << BigInt(bit);
  });
  return value.toString(16).padStart(16, '0');
}

/** Every way 8 differing bits fall worst on three bands, and some at 9 (never found). */
export const WORST_SPREADS: readonly (readonly number[])[] = [
  [3, 3, 2],
  [3, 2, 3],
  [2, 3, 3],
  [8, 0, 0],
  [0, 8, 0],
  [0, 0, 8],
  [4, 4, 0],
  [3, 3, 3],
  [4, 3, 2],
  [0, 0, 9],
];

/** `total` differing bits spread at random over the three bands. */
export function randomSpread(total: number, next: () => number): number[] {
  const split = [0, 0, 0];
  for (let bit = 0; bit < total; bit++) split[Math.floor(next() * 3)]++;
  return split;
}
