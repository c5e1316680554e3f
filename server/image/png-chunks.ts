// Walks the chunks of a PNG without decoding any of them: 4-byte length, 4-byte type, data,
// 4-byte CRC, from just after the 8-byte signature up to IEND. Counts are budgeted as well as
// bytes (PNG_CHUNK_LIMITS): processImage refuses a file past them before anything else reads it,
// and the walker itself never goes past the total, whoever calls it.
import { PNG_CHUNK_LIMITS } from '../../core/constants';

export interface PngChunk {
  type: string;
  data: Buffer;
  /** Offset of the chunk's length field, and just past its CRC. */
  start: number;
  end: number;
}

const SIGNATURE_LENGTH = 8;
const TEXT_CHUNK_TYPES = new Set(['tEXt', 'zTXt', 'iTXt']);

/** Every complete chunk in file order; stops at IEND, at a chunk the file is too short for, or past the chunk budget. */
export function* pngChunks(png: Buffer): Generator<PngChunk> {
  let offset = SIGNATURE_LENGTH;
  for (let count = 0; offset + 12 <= png.length && count < PNG_CHUNK_LIMITS.total; count++) {
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
 * Whether the PNG has more chunks than PNG_CHUNK_LIMITS allows, ancillary ones (a lower-case
 * first letter: text, metadata, animation) or all together. Reads only the chunk headers and
 * stops at the first chunk over a limit: a few milliseconds for any file.
 */
export function hasTooManyPngChunks(png: Buffer): boolean {
  let ancillary = 0;
  let total = 0;
  let offset = SIGNATURE_LENGTH;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    total += 1;
    // Bit 5 of the type's first byte: set (lower case) for ancillary chunks.
    if (png[offset + 4] & 0x20) ancillary += 1;
    if (ancillary > PNG_CHUNK_LIMITS.ancillary || total > PNG_CHUNK_LIMITS.total) return true;
    if (png.toString('latin1', offset + 4, offset + 8) === 'IEND') return false;
    offset += length + 12;
  }
  return false;
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
