// The browser's own check of a chosen image, before anything is processed or uploaded
// (decisions 0007, 0008): at most 10 MB, and a JPG, PNG or WebP file recognised by its first bytes,
// not by its name or declared type. The server checks the same again.
import { ACCEPTED_IMAGE_MIME_TYPES, MAX_IMAGE_BYTES, type AcceptedImageMimeType } from '#core/constants';
import { MESSAGES, type MessagePair } from '#core/messages';

/** How many leading bytes the type check needs (RIFF....WEBP is 12 bytes). */
export const SIGNATURE_BYTES = 12;

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((value, i) => bytes[offset + i] === value);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type of a file's first bytes, or null for anything but JPEG, PNG and WebP. */
export function detectImageMime(bytes: Uint8Array): AcceptedImageMimeType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

async function readSignature(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
}

export type ImageFileCheck = { ok: true; mime: AcceptedImageMimeType } | { ok: false; message: MessagePair };

/** Checks size first (free), then the bytes. */
export async function checkImageFile(file: File): Promise<ImageFileCheck> {
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, message: MESSAGES.imageTooLarge };
  // An unreadable file is treated like an unknown type.
  const mime = await readSignature(file).then(detectImageMime, () => null);
  if (!mime || !(ACCEPTED_IMAGE_MIME_TYPES as readonly string[]).includes(mime)) {
    return { ok: false, message: MESSAGES.unsupportedImageType };
  }
  return { ok: true, mime };
}
