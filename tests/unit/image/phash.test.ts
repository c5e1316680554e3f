import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dctHash, hammingDistance, NEAR_DUPLICATE_MAX_DISTANCE } from '../../../server/image/phash';
import { processImage } from '../../../server/image/process';
import { makePng } from '../../fixtures/images';

describe('hammingDistance', () => {
  it.each([
    ['0000000000000000', '0000000000000000', 0],
    ['0000000000000000', '0000000000000001', 1],
    ['0000000000000000', 'ffffffffffffffff', 64],
    ['f0f0f0f0f0f0f0f0', '0f0f0f0f0f0f0f0f', 64],
    ['8000000000000000', '0000000000000000', 1],
    ['ABCDEF0123456789', 'abcdef0123456789', 0],
  ])('%s vs %s differ in %i bits', (a, b, bits) => {
    expect(hammingDistance(a, b)).toBe(bits);
  });

  it('rejects a hash that is not 16 hex characters', () => {
    expect(() => hammingDistance('abc', '0000000000000000')).toThrow(RangeError);
    expect(() => hammingDistance('zzzzzzzzzzzzzzzz', '0000000000000000')).toThrow(RangeError);
  });
});

describe('dctHash', () => {
  it('sets half the bits for a left-to-right gradient (coefficients split at the median)', () => {
    const gradient = Uint8Array.from({ length: 1024 }, (_, i) => (i % 32) * 8);
    const hash = dctHash(gradient);
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(hammingDistance(hash, '0000000000000000')).toBeLessThanOrEqual(32);
  });

  it('gives a picture and its mirror image different hashes', () => {
    const gradient = Uint8Array.from({ length: 1024 }, (_, i) => (i % 32) * 8);
    const mirrored = Uint8Array.from({ length: 1024 }, (_, i) => (31 - (i % 32)) * 8);
    expect(hammingDistance(dctHash(gradient), dctHash(mirrored))).toBeGreaterThan(NEAR_DUPLICATE_MAX_DISTANCE);
  });
});

describe('near-duplicate detection with NEAR_DUPLICATE_MAX_DISTANCE', () => {
  const seeds = [1, 2, 3, 4, 5, 6];

  it(`finds a half-size JPEG quality 70 copy within ${NEAR_DUPLICATE_MAX_DISTANCE} bits, while different pictures are farther apart`, async () => {
    const originals: string[] = [];
    for (const seed of seeds) {
      const png = await makePng({ width: 1200, height: 900, seed });
      const copy = await sharp(png).resize(600, 450).jpeg({ quality: 70 }).toBuffer();
      const [original, reencoded] = await Promise.all([processImage(png), processImage(copy)]);
      expect(hammingDistance(original.phash, reencoded.phash)).toBeLessThanOrEqual(NEAR_DUPLICATE_MAX_DISTANCE);
      originals.push(original.phash);
    }
    for (let i = 0; i < originals.length; i++) {
      for (let j = i + 1; j < originals.length; j++) {
        expect(hammingDistance(originals[i], originals[j])).toBeGreaterThan(NEAR_DUPLICATE_MAX_DISTANCE);
      }
    }
  });

  it('still matches a copy cropped by 2 % on each side', async () => {
    const png = await makePng({ width: 1200, height: 900, seed: 7 });
    const cropped = await sharp(png).extract({ left: 24, top: 18, width: 1152, height: 864 }).jpeg({ quality: 85 }).toBuffer();
    const [original, copy] = await Promise.all([processImage(png), processImage(cropped)]);
    expect(hammingDistance(original.phash, copy.phash)).toBeLessThanOrEqual(NEAR_DUPLICATE_MAX_DISTANCE);
  });
});
