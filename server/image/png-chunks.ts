// Walks the chunks of a PNG without decoding any of them: 4-byte length, 4-byte type, data,
// 4-byte CRC, from just after the 8-byte signature up to IEND.

export interface PngChunk {
  type: string;
  data: Buffer;
  /** Offset of the chunk's length field, and just past its CRC. */
  start: number;
  end: number;
}

const SIGNATURE_LENGTH = 8;
const TEXT_CHUNK_TYPES = new Set(['tEXt', 'zTXt', 'iTXt']);

/** Every complete chunk in file order; stops at IEND or at a chunk the file is too short for. */
export function* pngChunks(png: Buffer): Generator<PngChunk> {
  let offset = SIGNATURE_LENGTH;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const dataStart = offset + 8;
    if (dataStart + length + 4 > png.length) return; // truncated file
    const end = dataStart + length + 4;
    yield { type, data: png.subarray(dataStart, dataStart + length), start: offset, end };
    if (type === 'IEND') return;
    offset = end;
  }
}

/**
 * The same PNG without its text chunks, for the decoder. libvips reads (and inflates) every
 * text chunk into its own metadata: 64 compressed chunks of 4 MB each cost it 1.5 GB and
 * seconds, though no pixel depends on them. Whatever follows a broken chunk is kept as it is,
 * so a damaged file still fails to decode.
 */
export function withoutPngTextChunks(png: Buffer): Buffer {
  const kept: Buffer[] = [];
  let copiedUpTo = 0;
  for (const chunk of pngChunks(png)) {
    if (!TEXT_CHUNK_TYPES.has(chunk.type)) continue;
    kept.push(png.subarray(copiedUpTo, chunk.start));
    copiedUpTo = chunk.end;
  }
  if (copiedUpTo === 0) return png; // nothing to remove
  kept.push(png.subarray(copiedUpTo));
  return Buffer.concat(kept);
}

/** Data of the first eXIf chunk (a TIFF-format EXIF block), if any. */
export function pngExifBlock(png: Buffer): Buffer | undefined {
  for (const chunk of pngChunks(png)) if (chunk.type === 'eXIf') return chunk.data;
  return undefined;
}
