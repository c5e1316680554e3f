// The upload pipeline's image step: bytes in, facts out. Refuses anything that is not a
// readable JPEG, PNG or WebP within the limits; everything else about the file is best-effort.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { readC2paManifestStore } from './c2pa';
import { checkImage, decodeForDisplay, type ProcessImageOptions } from './decode';
import { EXTENSION_BY_MIME } from './detect';
import { DERIVATIVE_QUALITY } from './limits';
import { extractMetadata } from './metadata';
import { perceptualHash } from './phash';
import { regionFingerprint } from './region-hashes';
import type { ProcessedImage } from './types';

export type { ProcessImageOptions } from './decode';

export async function processImage(bytes: Buffer, opts: ProcessImageOptions = {}): Promise<ProcessedImage> {
  const { mime, width, height, pixelSource, maxPixels } = await checkImage(bytes, opts);
  // Metadata is read from the original bytes: re-encoding drops text chunks, EXIF and XMP.
  const [metadata, pixels, c2paManifestStore] = await Promise.all([
    extractMetadata(bytes, mime),
    decodeForDisplay(pixelSource, maxPixels),
    readC2paManifestStore(bytes, mime),
  ]);

  const raw = { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels };
  // sharp writes no EXIF, XMP, IPTC or ICC unless asked, so the derivative carries no metadata.
  const encoded = Promise.all([
    sharp(pixels.data, { raw }).jpeg({ quality: DERIVATIVE_QUALITY }).toBuffer(),
    perceptualHash(sharp(pixels.data, { raw })),
  ]);
  // From the display copy, in this thread while libvips's threads encode and hash: about 2 ms,
  // and every view is far smaller than it.
  const regionHashes = regionFingerprint({ data: pixels.data, ...raw });
  const [derivative, phash] = await encoded;

  return {
    sha256: createHash('sha256').update(bytes).digest('hex'),
    mime,
    extension: EXTENSION_BY_MIME[mime],
    width,
    height,
    size: bytes.length,
    derivative,
    derivativeWidth: raw.width,
    derivativeHeight: raw.height,
    phash,
    regionHashes,
    metadata,
    c2paManifestStore,
  };
}
