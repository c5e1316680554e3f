// Browser-side image processing of the quick-start form (docs/product.md §5): scale to a height of 360 px
// keeping the aspect ratio and re-encode as JPEG at quality 0.8, keeping the original file name.
// The result is only used for the local preview: the ORIGINAL file is what gets uploaded,
// because the server hashes the bytes the artist really made (decision 0009).
import { IMAGE_JPEG_QUALITY, IMAGE_RESIZE_HEIGHT } from '#core/constants';

export interface ResizedImage {
  /** The JPEG (or the original file when the browser could not encode one, as docs/product.md §5 allows). */
  file: File;
  width: number;
  height: number;
}

function canvasToBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => {
    try {
      canvas.toBlob((blob) => resolve(blob), 'image/jpeg', quality);
    } catch {
      resolve(null);
    }
  });
}

/**
 * Resizes `file` to `targetHeight` px high. Rejects when the browser cannot decode the image
 * (the form then shows 'Processing failed'); falls back to the original file when only the
 * JPEG encoding fails.
 */
export async function resizeImage(
  file: File,
  targetHeight: number = IMAGE_RESIZE_HEIGHT,
  quality: number = IMAGE_JPEG_QUALITY,
): Promise<ResizedImage> {
  const bitmap = await createImageBitmap(file);
  try {
    if (bitmap.width === 0 || bitmap.height === 0) throw new Error('The image has no pixels.');
    const height = targetHeight;
    const width = Math.max(1, Math.round((bitmap.width * targetHeight) / bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas 2D is not available.');
    // JPEG has no transparency: paint white first so transparent PNG areas do not turn black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await canvasToBlob(canvas, quality);
    if (!blob) return { file, width: bitmap.width, height: bitmap.height };
    return { file: new File([blob], file.name, { type: 'image/jpeg', lastModified: Date.now() }), width, height };
  } finally {
    bitmap.close();
  }
}
