// Numbers the upload pipeline enforces (DECISIONS #7-#9). Shared ones come from core/constants
// so the browser check, the pages and the server agree; the rest are server-only.
import { IMAGE_JPEG_QUALITY, IMAGE_RESIZE_HEIGHT, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from '../../../core/constants';

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
