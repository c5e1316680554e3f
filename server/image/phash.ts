// 64-bit perceptual hash (DCT pHash), used to find the same picture uploaded again after
// resizing or re-compression. Method as in the widely used Python `imagehash.phash`:
// greyscale, resize to 32x32 (ignoring aspect ratio), 2-D DCT-II, keep the 8x8 lowest
// frequencies, and set a bit for each coefficient above their median. Bits are read row by
// row, most significant first, and written as 16 hex characters.
import type { Sharp } from 'sharp';

const SIZE = 32;
const LOW = 8;

/**
 * Largest Hamming distance (of 64 bits) at which two hashes count as the same picture.
 * Measured on 20 generated pictures (tests/unit/image/phash.test.ts): a half-size copy
 * re-saved as JPEG quality 70 lands at 0-2 bits, a 2 % crop at 2-8, a brightness/saturation
 * tweak at 0-4; unrelated pictures differ by 22 bits or more (median 32, i.e. chance). 10 keeps
 * light edits as matches with a wide gap to chance: two random hashes fall within 10 bits
 * with probability about 1 in 10^8.
 */
export const NEAR_DUPLICATE_MAX_DISTANCE = 10;

// cos((2n + 1) k π / 2N) for the 8 lowest frequencies k, computed once.
const COSINES: Float64Array[] = Array.from({ length: LOW }, (_, k) =>
  Float64Array.from({ length: SIZE }, (_, n) => Math.cos(((2 * n + 1) * k * Math.PI) / (2 * SIZE))),
);

/** Hash of a 32x32 greyscale picture given as 1024 bytes, row by row. */
export function dctHash(grey: Uint8Array): string {
  if (grey.length !== SIZE * SIZE) throw new RangeError(`dctHash needs ${SIZE * SIZE} pixels, got ${grey.length}`);
  // Separable DCT: first along each row (32 rows x 8 frequencies), then down the columns.
  const rows = new Float64Array(SIZE * LOW);
  for (let y = 0; y < SIZE; y++) {
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let x = 0; x < SIZE; x++) sum += grey[y * SIZE + x] * COSINES[u][x];
      rows[y * LOW + u] = sum;
    }
  }
  const low = new Float64Array(LOW * LOW);
  for (let v = 0; v < LOW; v++) {
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let y = 0; y < SIZE; y++) sum += rows[y * LOW + u] * COSINES[v][y];
      low[v * LOW + u] = sum;
    }
  }
  const sorted = Float64Array.from(low).sort();
  const median = (sorted[(LOW * LOW) / 2 - 1] + sorted[(LOW * LOW) / 2]) / 2;
  let bits = 0n;
  for (const coefficient of low) bits = (bits << 1n) | (coefficient > median ? 1n : 0n);
  return bits.toString(16).padStart(16, '0');
}

/** Perceptual hash of any picture sharp can read (the pipeline passes its decoded pixels). */
export async function perceptualHash(image: Sharp): Promise<string> {
  const grey = await image.greyscale().resize(SIZE, SIZE, { fit: 'fill', kernel: 'lanczos3' }).raw().toBuffer();
  return dctHash(grey);
}

const HASH_PATTERN = /^[0-9a-f]{16}$/i;

/** Set bits of a 32-bit number: the distance of two halves of hashes is popcount32(a ^ b). */
export function popcount32(n: number): number {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Number of differing bits between two 64-bit hashes written as 16 hex characters. */
export function hammingDistance(a: string, b: string): number {
  if (!HASH_PATTERN.test(a) || !HASH_PATTERN.test(b)) throw new RangeError('Perceptual hashes must be 16 hex characters');
  let difference = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (difference > 0n) {
    count += Number(difference & 1n);
    difference >>= 1n;
  }
  return count;
}
