// fingerprintImage, what "Verify a file" and the C2PA content match run: the very hashes a
// registration computes of the same file, and the same refusals with the same codes.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../server/cli/seed-content';
import { generateSeedImage } from '../../../server/cli/seed-images';
import { ImageRejectedError } from '../../../server/image/errors';
import { fingerprintImage } from '../../../server/image/fingerprint';
import { processImage } from '../../../server/image/process';
import { makeJpeg, makePixelBombPng, makePng, makeText, makeTruncatedPng, makeWebp } from '../../fixtures/images';

/** A generated picture with a dark frame and a title bar, as a screenshot of it would have. */
async function framedPicture(): Promise<Buffer> {
  return sharp(await generateSeedImage(seededRandom(5), { format: 'png' }))
    .resize(400, 300, { fit: 'fill' })
    .extend({ top: 40, bottom: 10, left: 10, right: 10, background: '#202124' })
    .png()
    .toBuffer();
}

async function refusalCode(run: Promise<unknown>): Promise<string> {
  const error = await run.then(
    () => new Error('expected the image to be refused'),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return (error as ImageRejectedError).code;
}

describe('fingerprintImage', () => {
  it.each([
    ['a PNG with text chunks', () => makePng({ width: 640, height: 480, seed: 3, textChunks: { parameters: 'a fox' } })],
    ['a JPEG', () => makeJpeg({ width: 800, height: 600, seed: 4 })],
    ['a WebP', () => makeWebp({ width: 300, height: 500, seed: 6 })],
    ['a framed screenshot (borders peeled off)', framedPicture],
  ])('gives %s the SHA-256, perceptual hash and probe views a registration computes', async (_name, make) => {
    const bytes = await make();
    const registered = await processImage(bytes);
    const looked = await fingerprintImage(bytes);
    expect(looked).toEqual({ sha256: registered.sha256, phash: registered.phash, regionProbes: registered.regionHashes.probes });
    expect(looked.regionProbes.map((view) => view.kind)).toEqual(['f', 'c', 't']);
  });

  it.each([
    ['an empty file', async () => Buffer.alloc(0), 'image_empty'],
    ['a text file', async () => makeText(), 'image_unsupported_type'],
    ['a truncated PNG', () => makeTruncatedPng(), 'image_unreadable'],
    ['a 20000 x 20000 pixel bomb', async () => makePixelBombPng(), 'image_too_many_pixels'],
  ])('refuses %s with the code an upload gets (%s)', async (_name, make, code) => {
    const bytes = await make();
    expect(await refusalCode(fingerprintImage(bytes))).toBe(code);
    expect(await refusalCode(processImage(bytes))).toBe(code);
  });

  it('refuses a file one byte over the configured size, as an upload is', async () => {
    const png = await makePng({ width: 50, height: 50 });
    expect(await refusalCode(fingerprintImage(png, { maxBytes: png.length - 1 }))).toBe('image_too_large');
    await expect(fingerprintImage(png, { maxBytes: png.length })).resolves.toMatchObject({
      phash: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
  });
});
