// Shapes the image pipeline hands to the rest of the server.
import type { ImageExtension, ImageMime } from './detect';
import type { RegionFingerprint } from './region-hashes';

export type AiSource = 'automatic1111' | 'comfyui' | 'novelai' | 'invokeai';

/** Generation settings an AI tool wrote into the file. */
export interface AiParameters {
  source: AiSource;
  prompt?: string;
  negativePrompt?: string;
  model?: string;
  /** A string: ComfyUI seeds go up to 2^64, beyond what a JS number holds exactly. */
  seed?: string;
  /** The text the tool wrote, at most 20,000 characters. */
  raw: string;
}

/** What a C2PA (Content Credentials) manifest says about the file. */
export interface C2paSummary {
  claimGenerator?: string;
  /** Action names of the active manifest, e.g. 'c2pa.created', 'c2pa.edited'. */
  actions?: string[];
  /** IPTC digital source type of the creating action, e.g. '.../trainedAlgorithmicMedia'. */
  digitalSourceType?: string;
  title?: string;
  /** c2pa-rs verdict on the manifest: 'Invalid', 'Valid' or 'Trusted'. */
  validationState?: string;
}

/**
 * Facts read from the file's embedded metadata. Best-effort: every field may be absent.
 * Location data (GPS) is never read into it.
 * Dates are ISO 8601: UTC ('...Z') when the file gave a time zone, otherwise local time
 * without a zone ('2024-01-02T03:04:05'), because EXIF usually does not record one.
 */
export interface EmbeddedMetadata {
  software?: string;
  creatorTool?: string;
  digitalSourceType?: string;
  createDate?: string;
  modifyDate?: string;
  make?: string;
  model?: string;
  artist?: string;
  description?: string;
  aiParameters?: AiParameters;
  c2pa?: C2paSummary;
  /** Human-readable list of what was found, e.g. 'EXIF Software', 'PNG parameters (Automatic1111)'. */
  found: string[];
}

export interface ProcessedImage {
  /** SHA-256 of the bytes exactly as received, lower-case hex. */
  sha256: string;
  mime: ImageMime;
  extension: ImageExtension;
  /** Pixel size as displayed (after the EXIF orientation is applied). */
  width: number;
  height: number;
  /** Size of the original in bytes. */
  size: number;
  /** JPEG, 360 px high, quality 80, with no metadata at all. */
  derivative: Buffer;
  derivativeWidth: number;
  derivativeHeight: number;
  /** 64-bit DCT perceptual hash as 16 hex characters (see phash.ts). */
  phash: string;
  /** The crop-tolerant fingerprint: hashes over views of the picture (see region-hashes.ts). */
  regionHashes: RegionFingerprint;
  metadata: EmbeddedMetadata;
  /** The raw C2PA manifest store (application/c2pa) the file carried, when c2pa-rs could read it. */
  c2paManifestStore?: Buffer;
}
