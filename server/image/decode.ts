// The checks every image path makes before anything else reads a file, and the one full decode
// of its pixels: what a registration and a lookup refuse alike, with the same codes.
import sharp, { type Metadata } from 'sharp';
import { detectImageType, type ImageMime } from './detect';
import { ImageRejectedError } from './errors';
import { DERIVATIVE_HEIGHT, DERIVATIVE_MAX_WIDTH, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from './limits';
import { hasTooManyPngChunks, withoutPngTextChunks } from './png-chunks';

// libvips's operation cache keeps up to 50 MB of recent results a process for reuse; every image
// here is a new file, so it was never hit and only held memory (issue 38's memory goal). Set
// here, where every path that reads an upload's pixels starts.
sharp.cache(false);

export interface ProcessImageOptions {
  /** Largest accepted file in bytes; default 10 MB. */
  maxBytes?: number;
  /** Largest accepted width × height; default 50 megapixels. */
  maxPixels?: number;
}

const SHARP_FORMAT: Record<ImageMime, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

/** Reads the header only (no pixels yet): size as displayed, and the pixel budget check. */
async function readHeader(bytes: Buffer, mime: ImageMime, maxPixels: number): Promise<{ width: number; height: number }> {
  let header: Metadata;
  try {
    // No pixel limit here: reading the header decodes nothing, and we check the size ourselves
    // below so the user gets the "too many pixels" message rather than "unreadable".
    header = await sharp(bytes, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch (cause) {
    throw new ImageRejectedError('image_unreadable', { cause });
  }
  const { format, width, height, autoOrient } = header;
  // A file that starts like a PNG but that the decoder reads as something else is not one.
  if (format !== SHARP_FORMAT[mime] || !width || !height) throw new ImageRejectedError('image_unreadable');
  if (width * height > maxPixels) throw new ImageRejectedError('image_too_many_pixels');
  return { width: autoOrient?.width ?? width, height: autoOrient?.height ?? height };
}

/**
 * Decodes every pixel once (which is what catches truncated and corrupt files), turned upright
 * per EXIF, flattened onto white and scaled to 360 px high. Images shorter than 360 px are
 * enlarged, so every derivative has the same height on the ledger's cards; the original is
 * kept for anyone who needs the real pixels.
 */
export async function decodeForDisplay(bytes: Buffer, maxPixels: number) {
  try {
    return await sharp(bytes, { failOn: 'error', limitInputPixels: maxPixels, autoOrient: true })
      .resize({ height: DERIVATIVE_HEIGHT, width: DERIVATIVE_MAX_WIDTH, fit: 'inside' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (cause) {
    const tooManyPixels = cause instanceof Error && /pixel limit/i.test(cause.message);
    throw new ImageRejectedError(tooManyPixels ? 'image_too_many_pixels' : 'image_unreadable', { cause });
  }
}

/** A file that passed the checks: its type, its size as displayed, and the bytes the decoder reads. */
export interface CheckedImage {
  mime: ImageMime;
  width: number;
  height: number;
  /** The file without its PNG text chunks (see withoutPngTextChunks); the file itself otherwise. */
  pixelSource: Buffer;
  maxPixels: number;
}

/** Size, type, chunk count and header checks, in that order; throws ImageRejectedError. */
export async function checkImage(bytes: Buffer, opts: ProcessImageOptions = {}): Promise<CheckedImage> {
  const maxBytes = opts.maxBytes ?? MAX_IMAGE_BYTES;
  const maxPixels = opts.maxPixels ?? MAX_IMAGE_PIXELS;

  if (bytes.length === 0) throw new ImageRejectedError('image_empty');
  if (bytes.length > maxBytes) throw new ImageRejectedError('image_too_large');
  const mime = detectImageType(bytes);
  if (!mime) throw new ImageRejectedError('image_unsupported_type');
  // Before any reader walks the file: hundreds of thousands of tiny chunks cost each of them seconds.
  if (mime === 'image/png' && hasTooManyPngChunks(bytes)) throw new ImageRejectedError('image_too_many_chunks');

  // The decoder gets the file without its text chunks (see withoutPngTextChunks); the hash,
  // the metadata and the stored original use the bytes exactly as received.
  const pixelSource = mime === 'image/png' ? withoutPngTextChunks(bytes) : bytes;
  const { width, height } = await readHeader(pixelSource, mime, maxPixels);
  return { mime, width, height, pixelSource, maxPixels };
}
