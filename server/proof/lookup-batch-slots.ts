// Places for bulk lookups in this process: one per client address at a time, and a few in all.
// A lookup of 10,000 hashes takes the database and the event loop for a while; a client that
// sends many at once only queues them behind each other, and a crowd of clients would starve
// every other request. Refused lookups are answered at once and spend nothing of any budget.
import { appError } from '../../core/app-error';
import { LOOKUP_BATCH } from '../../core/constants';
import { MESSAGES } from '../../core/messages';

export class LookupBatchSlots {
  private readonly clients = new Set<string>();

  constructor(private readonly capacity: number = LOOKUP_BATCH.runningPerProcess) {}

  /** Takes a place for `client` or throws 429 (its own lookup runs) or 503 (the process is full). */
  take(client: string): () => void {
    const retryAfter = { 'retry-after': String(LOOKUP_BATCH.retryAfterSeconds) };
    if (this.clients.has(client)) {
      throw appError('rate_limited', MESSAGES.lookupBatchRunning.description, {
        title: MESSAGES.lookupBatchRunning.title,
        headers: retryAfter,
      });
    }
    if (this.clients.size >= this.capacity) {
      throw appError('unavailable', MESSAGES.lookupBatchBusy.description, {
        title: MESSAGES.lookupBatchBusy.title,
        headers: retryAfter,
      });
    }
    this.clients.add(client);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.clients.delete(client);
    };
  }
}
