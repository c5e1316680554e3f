// PNG chunk counts are budgeted as well as bytes (issue 34): a valid file of hundreds of thousands
// of tiny chunks is refused before any reader walks it, with its own message; the limits hold
// exactly, for ancillary chunks and for all chunks together.
import { describe, expect, it } from 'vitest';
import { PNG_CHUNK_LIMITS } from '../../../core/constants';
import { ImageRejectedError } from '../../../server/image/errors';
import { hasTooManyPngChunks, pngChunks } from '../../../server/image/png-chunks';
import { processImage } from '../../../server/image/process';
import { manyChunksPng } from '../../fixtures/hostile-images';
import { makePng, pngChunk } from '../../fixtures/images';

/** A 64 px PNG with `count` empty IDAT chunks before its IEND: critical chunks, valid and decodable. */
async function manyIdatPng(count: number): Promise<Buffer> {
  const png = await makePng({ width: 64, height: 64 });
  const empty = pngChunk('IDAT', Buffer.alloc(0));
  return Buffer.concat([
    png.subarray(0, png.length - 12),
    ...Array.from({ length: count }, () => empty),
    png.subarray(png.length - 12),
  ]);
}

describe('PNG chunk counts', () => {
  it('allows exactly 4,096 ancillary chunks and refuses 4,097', async () => {
    expect(PNG_CHUNK_LIMITS).toEqual({ ancillary: 4_096, total: 65_536 });
    // The picture has one ancillary chunk of its own (pHYs).
    expect(hasTooManyPngChunks(await manyChunksPng(4_095))).toBe(false);
    expect(hasTooManyPngChunks(await manyChunksPng(4_096))).toBe(true);
  });

  it('allows 65,536 chunks in all and refuses one more, however few are ancillary', async () => {
    // The picture has IHDR, pHYs, IDAT and IEND: 4 chunks of its own.
    expect(hasTooManyPngChunks(await manyIdatPng(65_536 - 4))).toBe(false);
    expect(hasTooManyPngChunks(await manyIdatPng(65_536 - 3))).toBe(true);
  });

  it("refuses the 9 MB PNG of 600,000 text chunks with 422 'Too many PNG chunks' within 100 ms", async () => {
    const png = await manyChunksPng(600_000);
    expect(png.length).toBeGreaterThan(9_000_000);
    const start = performance.now();
    const error = await processImage(png).catch((err: unknown) => err);
    const ms = performance.now() - start;
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect(error).toMatchObject({
      code: 'image_too_many_chunks',
      statusCode: 422,
      title: 'Too many PNG chunks',
      description:
        'The PNG is split into too many chunks (at most 4,096 for text and other extras, 65,536 in all). Please save it again from your image editor.',
    });
    expect(ms).toBeLessThan(100);
  });

  it('still processes a PNG at the ancillary limit', async () => {
    await expect(processImage(await manyChunksPng(4_095))).resolves.toMatchObject({ width: 64, height: 64 });
  });

  it('never walks past the total, whoever calls the walker', async () => {
    expect([...pngChunks(await manyChunksPng(70_000))]).toHaveLength(65_536);
  });
});
