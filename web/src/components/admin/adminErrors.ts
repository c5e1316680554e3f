// How admin screens report a failed call: the spec's title (docs/product.md §8) with the server's own
// explanation when it gave one for this request (4xx, e.g. 'This submission has already been
// removed.'), otherwise the spec's description.
import type { MessagePair } from '#core/messages';
import { ApiError } from '../../lib/api';
import { toastError } from '../../lib/toast';

export function adminErrorMessage(error: unknown, fallback: MessagePair): MessagePair {
  const specific = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message;
  return { title: fallback.title, description: specific ? error.message : fallback.description };
}

export function toastAdminError(error: unknown, fallback: MessagePair): void {
  const { title, description } = adminErrorMessage(error, fallback);
  toastError(title, description);
}
