// What "Verify a file" and the C2PA content match need of an image: its fingerprints, nothing
// kept. The same checks and the same one decode as a registration (decode.ts), so a file is
// refused here exactly when an upload would be, and the same hashes come out; what only a
// registration keeps (the display copy's JPEG, the embedded metadata, the C2PA store, the views
// only a registered picture is stored with) is not made: about a third of the image work.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { checkImage, decodeForDisplay, type ProcessImageOptions } from './decode';
import { perceptualHash } from './phash';
import { regionProbes, type RegionHash } from './region-hashes';

export interface ImageFingerprint {
  /** SHA-256 of the bytes exactly as received, lower-case hex. */
  sha256: string;
  /** The whole picture's perceptual hash, as processImage's `phash`. */
  phash: string;
  /** The views a copy is looked up by, as processImage's `regionHashes.probes`. */
  regionProbes: RegionHash[];
}

export async function fingerprintImage(bytes: Buffer, opts: ProcessImageOptions = {}): Promise<ImageFingerprint> {
  const { pixelSource, maxPixels } = await checkImage(bytes, opts);
  const pixels = await decodeForDisplay(pixelSource, maxPixels);
  const raw = { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels };
  const phash = perceptualHash(sharp(pixels.data, { raw }));
  // In this thread while a libvips thread computes the perceptual hash.
  const probes = regionProbes({ data: pixels.data, ...raw });
  return { sha256: createHash('sha256').update(bytes).digest('hex'), phash: await phash, regionProbes: probes };
}
