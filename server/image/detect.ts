// Recognise an upload by its first bytes only. The file name and the declared Content-Type
// are chosen by the sender and prove nothing (decision 0008).

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';
export type ImageExtension = 'jpg' | 'png' | 'webp';

export const EXTENSION_BY_MIME: Record<ImageMime, ImageExtension> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function startsWith(bytes: Buffer, signature: Buffer, offset = 0): boolean {
  return bytes.length >= offset + signature.length && bytes.subarray(offset, offset + signature.length).equals(signature);
}

/** The image type of `bytes`, or null for anything that is not a JPEG, PNG or WebP file. */
export function detectImageType(bytes: Buffer): ImageMime | null {
  // JPEG: SOI marker (FF D8) followed by the start of another marker (FF).
  if (startsWith(bytes, Buffer.from([0xff, 0xd8, 0xff]))) return 'image/jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  // WebP: a RIFF container ("RIFF", 4-byte size, "WEBP") whose first chunk is VP8, VP8L or VP8X.
  if (startsWith(bytes, Buffer.from('RIFF', 'latin1')) && startsWith(bytes, Buffer.from('WEBPVP8', 'latin1'), 8)) {
    return 'image/webp';
  }
  return null;
}
