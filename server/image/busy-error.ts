// The image queue has no place for a job: answered at once with Retry-After instead of waiting
// without end. 'server': every worker is busy and the queue is full (or the pool is shutting
// down): 503. 'client': this client already holds its share of the queue (issue 34), its own
// doing: 429, while other clients still get places.
import { AppError } from '../../core/app-error';
import { MESSAGES } from '../../core/messages';
import { IMAGE_BUSY_RETRY_AFTER_SECONDS } from './limits';

export class ImageBusyError extends AppError {
  constructor(who: 'server' | 'client' = 'server') {
    const client = who === 'client';
    const { title, description } = client ? MESSAGES.tooManyImagesAtOnce : MESSAGES.imageServerBusy;
    super(client ? 'too_many_images' : 'busy', description, {
      title,
      headers: { 'Retry-After': String(IMAGE_BUSY_RETRY_AFTER_SECONDS) },
    });
    this.name = 'ImageBusyError';
  }
}
