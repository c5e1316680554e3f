import { describe, expect, it } from 'vitest';
import { detectImageType } from '../../../server/image/detect';
import { makeGif, makeHtml, makeJpeg, makePng, makeSvg, makeText, makeWebp } from '../../fixtures/images';

describe('detectImageType (by magic bytes only)', () => {
  it("recognises a JPEG as 'image/jpeg'", async () => {
    expect(detectImageType(await makeJpeg({ width: 32, height: 24 }))).toBe('image/jpeg');
  });

  it("recognises a PNG as 'image/png'", async () => {
    expect(detectImageType(await makePng({ width: 32, height: 24 }))).toBe('image/png');
  });

  it("recognises a WebP as 'image/webp'", async () => {
    expect(detectImageType(await makeWebp({ width: 32, height: 24 }))).toBe('image/webp');
  });

  it('refuses an SVG, even though browsers show it as an image', () => {
    expect(detectImageType(makeSvg())).toBeNull();
  });

  it('refuses a GIF', async () => {
    expect(detectImageType(await makeGif())).toBeNull();
  });

  it('refuses an HTML file', () => {
    expect(detectImageType(makeHtml())).toBeNull();
  });

  it('refuses a text file', () => {
    expect(detectImageType(makeText())).toBeNull();
  });

  it('refuses an empty file', () => {
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });

  it('refuses a RIFF file that is not WebP (a WAV sound)', () => {
    const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.from([36, 0, 0, 0]), Buffer.from('WAVEfmt ')]);
    expect(detectImageType(wav)).toBeNull();
  });

  it('refuses a file cut off inside the PNG signature', async () => {
    const png = await makePng({ width: 8, height: 8 });
    expect(detectImageType(png.subarray(0, 5))).toBeNull();
  });
});
