// Why an upload was refused, with the texts the user sees. Each reason is a code of the closed
// list (core/error-codes.ts), which gives its HTTP status; the error is an AppError, so a route
// may let it through to the one error mapper.
import { AppError } from '../../core/app-error';
import { ERROR_CODES, type ErrorCode } from '../../core/error-codes';
import { MESSAGES, type MessagePair } from '../../core/messages';

export type ImageRejectionCode =
  | 'image_empty'
  | 'image_unsupported_type'
  | 'image_too_large'
  | 'image_unreadable'
  | 'image_too_many_pixels'
  | 'image_too_many_chunks'
  | 'image_not_processed';

/**
 * Every refusal a route that reads an image file can answer: the multipart form, the file
 * itself, the image pool being full, and the client holding its share of it. Route schemas list
 * these in their error responses.
 */
export const IMAGE_FILE_ERROR_CODES: readonly ErrorCode[] = [
  'malformed_multipart',
  'image_required',
  'image_empty',
  'bad_request',
  'forbidden_characters',
  'image_too_large',
  'unsupported_media_type',
  'image_unsupported_type',
  'image_unreadable',
  'image_too_many_pixels',
  'image_too_many_chunks',
  'image_not_processed',
  'busy',
  'too_many_images',
];

interface Rejection extends MessagePair {
  statusCode: number;
}

const REJECTION_MESSAGES: Record<ImageRejectionCode, MessagePair> = {
  // An empty upload means no image was sent: the spec's "no image" message (docs/product.md §5).
  image_empty: MESSAGES.imageRequired,
  image_unsupported_type: MESSAGES.unsupportedImageType,
  image_too_large: MESSAGES.imageTooLarge,
  image_unreadable: MESSAGES.imageUnreadable,
  image_too_many_pixels: MESSAGES.imageTooManyPixels,
  // A PNG of hundreds of thousands of tiny chunks: valid, but made to cost seconds (issue 34).
  image_too_many_chunks: MESSAGES.imageTooManyChunks,
  // Processing passed its time limit or its worker's memory limit: a file made to be expensive.
  image_not_processed: MESSAGES.imageNotProcessed,
};

export const IMAGE_REJECTIONS = Object.fromEntries(
  Object.entries(REJECTION_MESSAGES).map(([code, { title, description }]) => [
    code,
    { statusCode: ERROR_CODES[code as ImageRejectionCode].status, title, description },
  ]),
) as Record<ImageRejectionCode, Rejection>;

/** Thrown by the image pipeline when an upload must be refused; carries what the client is told. */
export class ImageRejectedError extends AppError {
  declare readonly code: ImageRejectionCode;
  readonly statusCode: number;
  readonly title: string;
  readonly description: string;

  constructor(code: ImageRejectionCode, options?: { cause?: unknown }) {
    const rejection = IMAGE_REJECTIONS[code];
    super(code, rejection.description, { title: rejection.title });
    if (options && 'cause' in options) this.cause = options.cause;
    this.name = 'ImageRejectedError';
    this.statusCode = rejection.statusCode;
    this.title = rejection.title;
    this.description = rejection.description;
  }
}
