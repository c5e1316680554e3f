// Why an upload was refused, with the HTTP status and the texts the user sees.
import { MESSAGES } from '../../../core/messages';

export type ImageRejectionCode =
  | 'image_empty'
  | 'image_unsupported_type'
  | 'image_too_large'
  | 'image_unreadable'
  | 'image_too_many_pixels'
  | 'image_not_processed';

interface Rejection {
  statusCode: number;
  title: string;
  description: string;
}

export const IMAGE_REJECTIONS: Record<ImageRejectionCode, Rejection> = {
  // An empty upload means no image was sent: the spec's "no image" message (SPEC §5).
  image_empty: { statusCode: 400, ...MESSAGES.imageRequired },
  image_unsupported_type: { statusCode: 415, ...MESSAGES.unsupportedImageType },
  image_too_large: { statusCode: 413, ...MESSAGES.imageTooLarge },
  image_unreadable: { statusCode: 422, ...MESSAGES.imageUnreadable },
  image_too_many_pixels: { statusCode: 422, ...MESSAGES.imageTooManyPixels },
  // Processing passed its time limit or its worker's memory limit: a file made to be expensive.
  image_not_processed: { statusCode: 422, ...MESSAGES.imageNotProcessed },
};

/** Thrown by the image pipeline when an upload must be refused; carries what the client is told. */
export class ImageRejectedError extends Error {
  readonly code: ImageRejectionCode;
  readonly statusCode: number;
  readonly title: string;
  readonly description: string;

  constructor(code: ImageRejectionCode, options?: { cause?: unknown }) {
    const rejection = IMAGE_REJECTIONS[code];
    super(`${rejection.title}: ${rejection.description}`, options);
    this.name = 'ImageRejectedError';
    this.code = code;
    this.statusCode = rejection.statusCode;
    this.title = rejection.title;
    this.description = rejection.description;
  }
}
