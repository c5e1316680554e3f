import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../server/cli/seed-content';
import { a1111Parameters, generateSeedImage, pickSize, type SeedFormat } from '../../../server/cli/seed-images';
import { hammingDistance, NEAR_DUPLICATE_MAX_DISTANCE, perceptualHash } from '../../../server/image/phash';
import { readPngTexts } from '../../../server/image/png-text';

const COUNT = 40;
const FORMATS: SeedFormat[] = ['jpeg', 'png', 'webp'];

interface Generated {
  format: SeedFormat;
  parameters?: string;
  bytes: Buffer;
}

describe('generateSeedImage', () => {
  const images: Generated[] = [];

  beforeAll(async () => {
    const random = seededRandom(20240601);
    for (let i = 0; i < COUNT; i++) {
      const format = FORMATS[i % FORMATS.length];
      // Every other PNG carries generation settings, as in the seed.
      const parameters = format === 'png' && i % 2 === 0 ? a1111Parameters(`a lighthouse at dusk, study ${i}`, random) : undefined;
      images.push({ format, parameters, bytes: await generateSeedImage(random, { format, parameters }) });
    }
  });

  it('encodes each picture in the format asked for', async () => {
    for (const { format, bytes } of images) expect((await sharp(bytes).metadata()).format).toBe(format);
  });

  it('makes pictures with a long side of 400-1600 px and varied sizes', async () => {
    const sizes = new Set<string>();
    for (const { bytes } of images) {
      const { width = 0, height = 0 } = await sharp(bytes).metadata();
      expect(Math.max(width, height)).toBeGreaterThanOrEqual(400);
      expect(Math.max(width, height)).toBeLessThanOrEqual(1600);
      expect(Math.min(width, height)).toBeGreaterThanOrEqual(360);
      sizes.add(`${width}x${height}`);
    }
    expect(sizes.size).toBeGreaterThan(COUNT / 2);
  });

  it('never gives two pictures the same SHA-256', () => {
    const hashes = new Set(images.map(({ bytes }) => createHash('sha256').update(bytes).digest('hex')));
    expect(hashes.size).toBe(COUNT);
  });

  it('never makes two pictures the registry would take for near-duplicates', async () => {
    const hashes = await Promise.all(images.map(({ bytes }) => perceptualHash(sharp(bytes))));
    let closest = 64;
    for (let a = 0; a < hashes.length; a++) {
      for (let b = a + 1; b < hashes.length; b++) closest = Math.min(closest, hammingDistance(hashes[a], hashes[b]));
    }
    expect(closest).toBeGreaterThan(NEAR_DUPLICATE_MAX_DISTANCE);
  });

  it('embeds the A1111 parameters in a PNG tEXt chunk that still decodes', async () => {
    const withParameters = images.filter((image) => image.parameters !== undefined);
    expect(withParameters.length).toBeGreaterThan(0);
    for (const { bytes, parameters } of withParameters) {
      expect(readPngTexts(bytes)).toContainEqual({ keyword: 'parameters', text: parameters });
      const { data } = await sharp(bytes, { failOn: 'error' }).raw().toBuffer({ resolveWithObject: true });
      expect(data.length).toBeGreaterThan(0);
    }
  });

  it('leaves the text chunk out when no parameters are given', () => {
    for (const { format, parameters, bytes } of images) {
      if (format === 'png' && parameters === undefined) expect(readPngTexts(bytes)).toEqual([]);
    }
  });

  it('gives the same bytes for the same seed', async () => {
    const first = await generateSeedImage(seededRandom(7), { format: 'png', parameters: 'a fox\nSteps: 20' });
    const again = await generateSeedImage(seededRandom(7), { format: 'png', parameters: 'a fox\nSteps: 20' });
    expect(again.equals(first)).toBe(true);
  });
});

describe('pickSize', () => {
  it('keeps the long side within 400-1600 px, most pictures small and a few large', () => {
    const random = seededRandom(99);
    const longSides = Array.from({ length: 10_000 }, () => {
      const { width, height } = pickSize(random);
      expect(Math.min(width, height)).toBeGreaterThanOrEqual(360);
      return Math.max(width, height);
    }).sort((a, b) => a - b);
    expect(longSides[0]).toBeGreaterThanOrEqual(400);
    expect(longSides[longSides.length - 1]).toBeLessThanOrEqual(1600);
    expect(longSides[longSides.length / 2]).toBeLessThan(700);
    expect(longSides.filter((side) => side > 1200).length).toBeGreaterThan(100);
  });

  it('draws landscape, portrait and square pictures', () => {
    const random = seededRandom(5);
    const shapes = new Set(
      Array.from({ length: 200 }, () => {
        const { width, height } = pickSize(random);
        return width > height ? 'landscape' : width < height ? 'portrait' : 'square';
      }),
    );
    expect(shapes).toEqual(new Set(['landscape', 'portrait', 'square']));
  });
});
