// Numbers the upload pipeline enforces (decisions 0007-0009). Shared ones come from core/constants
// so the browser check, the pages and the server agree; the rest are server-only.
import { IMAGE_JPEG_QUALITY, IMAGE_RESIZE_HEIGHT, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from '../../core/constants';

/** Largest accepted upload: 10 MB; largest picture: 50 megapixels. */
export { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS };

/** The derivative shown on pages: this many pixels high, keeping the aspect ratio. */
export const DERIVATIVE_HEIGHT = IMAGE_RESIZE_HEIGHT;

/** JPEG quality of the derivative on sharp's 1-100 scale (the spec's "0.8" is 80). */
export const DERIVATIVE_QUALITY = Math.round(IMAGE_JPEG_QUALITY * 100);

/**
 * Widest derivative we make. Only extreme panoramas (wider than 8:1) hit it; they keep their
 * aspect ratio and come out less than 360 px high instead of thousands of pixels wide.
 */
export const DERIVATIVE_MAX_WIDTH = 8 * DERIVATIVE_HEIGHT;

/**
 * Budgets for the text a file carries about itself (PNG text chunks, XMP, EXIF UserComment).
 * Every parser sees at most this much, so a hostile file cannot make one slow or large: real
 * Automatic1111 `parameters`, NovelAI and InvokeAI JSON and XMP packets are a few KB (a JPEG
 * cannot hold more than 64 KB of XMP or EXIF in any case).
 */
export const MAX_METADATA_TEXT_BYTES = 64 * 1024;
/** ComfyUI writes its whole node graph (`prompt`) and editor state (`workflow`): big graphs pass 64 KB. */
export const MAX_COMFYUI_TEXT_BYTES = 256 * 1024;
/** All metadata text read from one file together, compressed chunks counted as inflated. */
export const MAX_METADATA_TOTAL_BYTES = 1024 * 1024;
/** An EXIF block larger than this is not read (a JPEG's EXIF is at most 64 KB). */
export const MAX_EXIF_BYTES = 1024 * 1024;
/** Nor one whose IFD0 and Exif IFD hold more entries than this together (real ones: a few dozen). */
export const MAX_EXIF_ENTRIES = 1_024;

/**
 * Largest C2PA manifest store (JUMBF) kept from an original to serve at
 * GET /api/c2pa/v1/manifests/{id}. Real stores are a few KB to a few hundred KB (thumbnails and
 * ingredients included); a larger one is not kept, though the file is still accepted.
 */
export const MAX_C2PA_MANIFEST_STORE_BYTES = 2 * 1024 * 1024;

/** Heap of one image worker thread: metadata is budgeted above, pixels live outside the heap. */
export const IMAGE_WORKER_HEAP_MB = 256;

/** What a client is told to wait before retrying when every image worker is busy. */
export const IMAGE_BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * Longest a job may wait for a free worker to take it up, which includes a worker starting (it
 * loads its code first: about a second). Past this the pool, not the image, is the problem.
 */
export const IMAGE_WORKER_START_TIMEOUT_MS = 30_000;
