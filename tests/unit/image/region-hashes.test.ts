// The crop-tolerant fingerprint's parts: peeling a frame off, the views kept and looked up by,
// and the text form migration 017's trigger reads.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../server/cli/seed-content';
import { generateSeedImage } from '../../../server/cli/seed-images';
import { hammingDistance } from '../../../server/image';
import { contentBox, formatRegionHashes, regionFingerprint, REGION_MATCH_MAX_DISTANCE } from '../../../server/image/region-hashes';

async function decoded(image: Buffer) {
  const { data, info } = await sharp(image).flatten({ background: '#ffffff' }).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

async function picture(seed: number) {
  return sharp(await generateSeedImage(seededRandom(seed), { format: 'png' }))
    .resize(400, 300, { fit: 'fill' })
    .png()
    .toBuffer();
}

describe('contentBox', () => {
  it('peels a dark window frame with a 40 px title bar off exactly, leaving the 400 x 300 picture', async () => {
    // Noise: no row or column of the picture itself is of one colour, so only the frame can peel.
    const noise = { type: 'gaussian' as const, mean: 128, sigma: 60 };
    const framed = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#000', noise } })
      .extend({ top: 40, bottom: 10, left: 10, right: 10, background: '#202124' })
      .png()
      .toBuffer();
    const { data, width, height, channels } = await decoded(framed);
    expect(contentBox(data, width, height, channels)).toEqual({ x: 10, y: 40, width: 400, height: 300 });
  });

  it('never peels more than half of a side, even off a picture of one colour', async () => {
    const plain = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const { data, width, height, channels } = await decoded(plain);
    const box = contentBox(data, width, height, channels);
    expect([box.width, box.height]).toEqual([100, 50]);
  });
});

describe('regionFingerprint', () => {
  it('looks a copy up by three views (whole, centre, upright centre), all of them among the views kept', async () => {
    const { probes, registered } = regionFingerprint(await decoded(await picture(11)));
    expect(probes.map((p) => p.kind)).toEqual(['f', 'c', 't']);
    expect(registered.slice(0, 3)).toEqual(probes);
    // 3 probes, 9 crop windows, 2 turned centres; no frame was peeled off this picture.
    expect(registered).toHaveLength(14);
  });

  it('finds a copy with 5 % cut off its right edge through a kept crop window', async () => {
    const original = await picture(23);
    const cropped = await sharp(original).extract({ left: 0, top: 0, width: 380, height: 300 }).png().toBuffer();
    const kept = regionFingerprint(await decoded(original)).registered.filter((v) => v.kind === 'f');
    const [whole] = regionFingerprint(await decoded(cropped)).probes;
    const closest = Math.min(...kept.map((v) => hammingDistance(v.hash, whole.hash)));
    expect(closest).toBeLessThanOrEqual(REGION_MATCH_MAX_DISTANCE);
  });

  it('gives a different picture no view within the match distance', async () => {
    const kept = regionFingerprint(await decoded(await picture(31))).registered;
    const probes = regionFingerprint(await decoded(await picture(32))).probes;
    const closest = Math.min(
      ...probes.flatMap((p) => kept.filter((k) => k.kind === p.kind).map((k) => hammingDistance(k.hash, p.hash))),
    );
    expect(closest).toBeGreaterThan(REGION_MATCH_MAX_DISTANCE);
  });
});

describe('formatRegionHashes', () => {
  it("writes 'kind:hash' items separated by single spaces", () => {
    expect(
      formatRegionHashes([
        { kind: 'f', hash: '0123456789abcdef' },
        { kind: 't', hash: 'fedcba9876543210' },
      ]),
    ).toBe('f:0123456789abcdef t:fedcba9876543210');
  });
});
