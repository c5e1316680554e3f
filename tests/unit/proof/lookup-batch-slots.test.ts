// Places for bulk lookups (issue 34): one per client address at a time (429), a few per process
// (503), both with Retry-After, and a place freed once is free only once.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../core/app-error';
import { LOOKUP_BATCH } from '../../../core/constants';
import { MESSAGES } from '../../../core/messages';
import { LookupBatchSlots } from '../../../server/proof/lookup-batch-slots';

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('LookupBatchSlots', () => {
  it('refuses a second lookup of the same client with 429 and Retry-After', () => {
    const slots = new LookupBatchSlots(2);
    slots.take('a');
    const error = refusal(() => slots.take('a'));
    expect([error.status, error.code, error.message]).toEqual([429, 'rate_limited', MESSAGES.lookupBatchRunning.description]);
    expect(error.details.headers).toEqual({ 'retry-after': String(LOOKUP_BATCH.retryAfterSeconds) });
  });

  it('refuses a lookup past the process capacity with 503 and Retry-After, and takes one again once a place is freed', () => {
    const slots = new LookupBatchSlots(2);
    const releaseA = slots.take('a');
    slots.take('b');
    const error = refusal(() => slots.take('c'));
    expect([error.status, error.code, error.message]).toEqual([503, 'unavailable', MESSAGES.lookupBatchBusy.description]);
    expect(error.details.headers).toEqual({ 'retry-after': String(LOOKUP_BATCH.retryAfterSeconds) });
    releaseA();
    releaseA(); // a second release frees nothing more
    slots.take('c');
    expect(refusal(() => slots.take('d')).status).toBe(503);
  });
});
