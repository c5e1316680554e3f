// Public surface of the upload image pipeline.
export { detectImageType, EXTENSION_BY_MIME, type ImageExtension, type ImageMime } from './detect';
export { ImageRejectedError, IMAGE_REJECTIONS, type ImageRejectionCode } from './errors';
export { DERIVATIVE_HEIGHT, DERIVATIVE_QUALITY, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from './limits';
export { extractMetadata } from './metadata';
export { hammingDistance, NEAR_DUPLICATE_MAX_DISTANCE, perceptualHash, popcount32 } from './phash';
export { processImage, type ProcessImageOptions } from './process';
export { fingerprintImage, type ImageFingerprint } from './fingerprint';
export {
  formatRegionHashes,
  REGION_MATCH_MAX_DISTANCE,
  type RegionFingerprint,
  type RegionHash,
  type RegionKind,
} from './region-hashes';
export {
  claimImagePlace,
  closeImagePool,
  fingerprintImageOffThread,
  imageWorkIdleForMs,
  observeImagePool,
  processImageOffThread,
  type ClientPlace,
  type ImageJobOutcome,
  type ImagePoolLoad,
  type ImagePoolObserver,
  type ImagePoolSettings,
  type ImageRefusal,
} from './image-pool';
export { ImageBusyError } from './busy-error';
export type { AiParameters, AiSource, C2paSummary, EmbeddedMetadata, ProcessedImage } from './types';
