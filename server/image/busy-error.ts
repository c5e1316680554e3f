// Every image worker is busy and the queue is full (or the pool is shutting down): the request
// is answered at once with 503 and Retry-After instead of waiting without end.
import { AppError } from '../../core/app-error';
import { MESSAGES } from '../../core/messages';
import { IMAGE_BUSY_RETRY_AFTER_SECONDS } from './limits';

export class ImageBusyError extends AppError {
  constructor() {
    super('busy', MESSAGES.imageServerBusy.description, {
      title: MESSAGES.imageServerBusy.title,
      headers: { 'Retry-After': String(IMAGE_BUSY_RETRY_AFTER_SECONDS) },
    });
    this.name = 'ImageBusyError';
  }
}
