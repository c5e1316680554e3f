// EXIF blocks are budgeted in entries as well as bytes (issue 34): a PNG eXIf block whose IFD0 and
// Exif IFD hold more than 1,024 entries together is not read at all; one at the limit is.
import { describe, expect, it } from 'vitest';
import { exifEntriesWithinBudget } from '../../../server/image/exif-entries';
import { MAX_EXIF_ENTRIES } from '../../../server/image/limits';
import { extractMetadata } from '../../../server/image/metadata';
import { insertPngChunks, makePng, pngChunk } from '../../fixtures/images';

/**
 * A big-endian TIFF block: IFD0 with `ifd0` entries, the first its Software tag ('abc') and, when
 * `exif` > 0, the last a pointer to an Exif IFD of `exif` entries. Filler entries repeat tag 0x0100.
 */
function tiffBlock(ifd0: number, exif = 0): Buffer {
  const ifd0At = 8;
  const exifAt = ifd0At + 2 + ifd0 * 12 + 4;
  const block = Buffer.alloc(exifAt + (exif > 0 ? 2 + exif * 12 + 4 : 0));
  block.write('MM', 0, 'latin1');
  block.writeUInt16BE(42, 2);
  block.writeUInt32BE(ifd0At, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: Buffer | number) => {
    block.writeUInt16BE(tag, at);
    block.writeUInt16BE(type, at + 2);
    block.writeUInt32BE(count, at + 4);
    if (typeof value === 'number') block.writeUInt32BE(value, at + 8);
    else value.copy(block, at + 8);
  };
  block.writeUInt16BE(ifd0, ifd0At);
  for (let i = 0; i < ifd0; i++) {
    const at = ifd0At + 2 + i * 12;
    if (i === 0) entry(at, 0x0131, 2, 4, Buffer.from('abc\0', 'latin1'));
    else if (exif > 0 && i === ifd0 - 1) entry(at, 0x8769, 4, 1, exifAt);
    else entry(at, 0x0100, 3, 1, 64 << 16);
  }
  if (exif > 0) {
    block.writeUInt16BE(exif, exifAt);
    for (let i = 0; i < exif; i++) entry(exifAt + 2 + i * 12, 0x9000 + (i % 16), 3, 1, 1 << 16);
  }
  return block;
}

describe('EXIF entry budget', () => {
  it('allows 1,024 entries across IFD0 and the Exif IFD, and refuses 1,025', () => {
    expect(MAX_EXIF_ENTRIES).toBe(1_024);
    expect(exifEntriesWithinBudget(tiffBlock(1_024))).toBe(true);
    expect(exifEntriesWithinBudget(tiffBlock(1_025))).toBe(false);
    expect(exifEntriesWithinBudget(tiffBlock(24, 1_000))).toBe(true);
    expect(exifEntriesWithinBudget(tiffBlock(24, 1_001))).toBe(false);
    expect(exifEntriesWithinBudget(Buffer.from('not a tiff'))).toBe(false);
  });

  it('reads the Software of a PNG eXIf block at the limit, and nothing of one past it', async () => {
    const png = await makePng({ width: 64, height: 64 });
    const read = async (block: Buffer) =>
      (await extractMetadata(insertPngChunks(png, [pngChunk('eXIf', block)]), 'image/png')).software;
    expect(await read(tiffBlock(1_024))).toBe('abc');
    expect(await read(tiffBlock(65_535))).toBeUndefined();
  });
});
