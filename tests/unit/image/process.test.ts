import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRejectedError } from '../../../server/image/errors';
import { processImage } from '../../../server/image/process';
import {
  makeGif,
  makeHtml,
  makeJpeg,
  makePixelBombPng,
  makePng,
  makeSvg,
  makeText,
  makeTruncatedPng,
  makeWebp,
  picture,
  xmpPacket,
} from '../../fixtures/images';

async function rejection(bytes: Buffer, opts?: Parameters<typeof processImage>[1]): Promise<ImageRejectedError> {
  const error = await processImage(bytes, opts).then(
    () => {
      throw new Error('expected the image to be refused');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return error as ImageRejectedError;
}

describe('processImage: what it returns', () => {
  it('hashes the original bytes exactly as received (SHA-256, hex)', async () => {
    const png = await makePng({ width: 300, height: 200, textChunks: { parameters: 'a fox\nSteps: 20, Seed: 1, Model: m' } });
    const result = await processImage(png);
    expect(result.sha256).toBe(createHash('sha256').update(png).digest('hex'));
    expect(result.size).toBe(png.length);
  });

  it.each([
    ['image/jpeg', 'jpg', makeJpeg],
    ['image/png', 'png', makePng],
    ['image/webp', 'webp', makeWebp],
  ] as const)('reports %s files with extension %s and their pixel size', async (mime, extension, make) => {
    const result = await processImage(await make({ width: 640, height: 480 }));
    expect(result).toMatchObject({ mime, extension, width: 640, height: 480 });
  });

  it('makes a 360 px high JPEG derivative keeping the aspect ratio (800x600 → 480x360)', async () => {
    const result = await processImage(await makePng({ width: 800, height: 600 }));
    const derivative = await sharp(result.derivative).metadata();
    expect(derivative).toMatchObject({ format: 'jpeg', width: 480, height: 360 });
    expect([result.derivativeWidth, result.derivativeHeight]).toEqual([480, 360]);
  });

  it('strips all metadata from the derivative: no EXIF, no XMP, no ICC profile', async () => {
    const jpeg = await makeJpeg({
      width: 640,
      height: 480,
      exif: { IFD0: { Software: 'Midjourney', Artist: 'Jane' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } },
      xmp: xmpPacket({ creatorTool: 'Adobe Firefly', gpsLatitude: '48,51.0N' }),
    });
    expect((await sharp(jpeg).metadata()).exif).toBeDefined(); // the original does carry them
    const derivative = await sharp((await processImage(jpeg)).derivative).metadata();
    expect(derivative.exif).toBeUndefined();
    expect(derivative.xmp).toBeUndefined();
    expect(derivative.icc).toBeUndefined();
  });

  it('enlarges a picture shorter than 360 px so every derivative is 360 px high (200x100 → 720x360)', async () => {
    const result = await processImage(await makePng({ width: 200, height: 100 }));
    expect([result.derivativeWidth, result.derivativeHeight]).toEqual([720, 360]);
  });

  it('caps an extreme panorama at 2880 px wide instead of 360 px high (4000x200 → 2880x144)', async () => {
    const result = await processImage(await makePng({ width: 4000, height: 200 }));
    expect([result.derivativeWidth, result.derivativeHeight]).toEqual([2880, 144]);
  });

  it('turns a sideways camera JPEG upright (EXIF orientation 6): 640x480 stored → 480x640 shown', async () => {
    const jpeg = await picture({ width: 640, height: 480 }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const result = await processImage(jpeg);
    expect([result.width, result.height]).toEqual([480, 640]);
    expect([result.derivativeWidth, result.derivativeHeight]).toEqual([270, 360]);
  });

  it('returns a 16-hex-character perceptual hash', async () => {
    const result = await processImage(await makePng({ width: 320, height: 240 }));
    expect(result.phash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('reads metadata from the original even though the derivative drops it', async () => {
    const png = await makePng({ width: 320, height: 240, textChunks: { parameters: 'a fox\nSteps: 20, Seed: 7, Model: m' } });
    const result = await processImage(png);
    expect(result.metadata.aiParameters).toMatchObject({ source: 'automatic1111', prompt: 'a fox', seed: '7' });
  });
});

describe('processImage: what it refuses', () => {
  it("refuses an empty file with 400 'Image required'", async () => {
    const error = await rejection(Buffer.alloc(0));
    expect(error).toMatchObject({
      code: 'image_empty',
      statusCode: 400,
      title: 'Image required',
      description: 'Please upload an image of your artwork.',
    });
  });

  it("refuses a file over 10 MB with 413 'Image too large' / 'Images can be at most 10 MB.'", async () => {
    const png = await makePng({ width: 16, height: 16 });
    const oversized = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1 - png.length)]);
    const error = await rejection(oversized);
    expect(error).toMatchObject({
      code: 'image_too_large',
      statusCode: 413,
      title: 'Image too large',
      description: 'Images can be at most 10 MB.',
    });
  });

  it('accepts a file of exactly the configured maximum size and refuses one byte more', async () => {
    const png = await makePng({ width: 16, height: 16 });
    await expect(processImage(png, { maxBytes: png.length })).resolves.toMatchObject({ size: png.length });
    expect((await rejection(png, { maxBytes: png.length - 1 })).code).toBe('image_too_large');
  });

  it.each([
    ['an SVG', async () => makeSvg()],
    ['a GIF', makeGif],
    ['an HTML file', async () => makeHtml()],
    ['a text file', async () => makeText()],
  ])("refuses %s with 415 'Unsupported image type' / 'Please upload a JPG, PNG or WebP image.'", async (_kind, make) => {
    const error = await rejection(await make());
    expect(error).toMatchObject({
      code: 'image_unsupported_type',
      statusCode: 415,
      title: 'Unsupported image type',
      description: 'Please upload a JPG, PNG or WebP image.',
    });
  });

  it("refuses a truncated PNG with 422 'Unreadable image'", async () => {
    const error = await rejection(await makeTruncatedPng());
    expect(error).toMatchObject({
      code: 'image_unreadable',
      statusCode: 422,
      title: 'Unreadable image',
      description: 'The file could not be read as an image. It may be damaged or incomplete.',
    });
  });

  it.each([
    ['JPEG', makeJpeg],
    ['WebP', makeWebp],
  ] as const)("refuses a truncated %s with 422 'Unreadable image'", async (_kind, make) => {
    const whole = await make({ width: 400, height: 300 });
    expect((await rejection(whole.subarray(0, Math.floor(whole.length * 0.6)))).code).toBe('image_unreadable');
  });

  it("refuses garbage behind a PNG signature with 422 'Unreadable image'", async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really a picture')]);
    expect((await rejection(fake)).code).toBe('image_unreadable');
  });

  it("refuses a 20000x20000 pixel bomb with 422 'Image too large' / 'The image has too many pixels (at most 50 megapixels).'", async () => {
    const bomb = makePixelBombPng();
    expect(bomb.length).toBeLessThan(100_000); // small on disk, 400 megapixels once decoded
    const error = await rejection(bomb);
    expect(error).toMatchObject({
      code: 'image_too_many_pixels',
      statusCode: 422,
      title: 'Image too large',
      description: 'The image has too many pixels (at most 50 megapixels).',
    });
  });

  it('refuses a picture one pixel over a configured pixel budget', async () => {
    const png = await makePng({ width: 100, height: 100 });
    await expect(processImage(png, { maxPixels: 10_000 })).resolves.toMatchObject({ width: 100 });
    expect((await rejection(png, { maxPixels: 9_999 })).code).toBe('image_too_many_pixels');
  });
});
