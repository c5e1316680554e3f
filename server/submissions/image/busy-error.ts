// Every image worker is busy and the queue is full (or the pool is shutting down): the request
// is answered at once with 503 and Retry-After instead of waiting without end.
import { MESSAGES } from '../../../core/messages';
import { HttpError } from '../../http/errors';
import { IMAGE_BUSY_RETRY_AFTER_SECONDS } from './limits';

export class ImageBusyError extends HttpError {
  constructor() {
    super(503, 'busy', MESSAGES.imageServerBusy.description, {
      title: MESSAGES.imageServerBusy.title,
      headers: { 'Retry-After': String(IMAGE_BUSY_RETRY_AFTER_SECONDS) },
    });
    this.name = 'ImageBusyError';
  }
}
