// StampPublisher: which of the stamps read a process serves. New works are served at most every
// LEDGER_ADDITIONS_SERVED_EVERY_MS, so a stream of registrations rebuilds the first pages a
// bounded number of times a second; a changed or removed work is served at once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEDGER_ADDITIONS_SERVED_EVERY_MS } from '../../../core/constants';
import { StampPublisher } from '../../../server/ledger-cache/stamp-publisher';
import type { LedgerStamps } from '../../../server/ledger-cache/ledger-stamps';

const EVERY = LEDGER_ADDITIONS_SERVED_EVERY_MS;
const stamps = (additions: number, changes = 0): LedgerStamps => ({
  changes: String(changes),
  additions: String(additions),
  lastSeq: String(additions),
});

function setUp() {
  const served: string[] = [];
  const publisher = new StampPublisher(
    async () => {
      served.push(`${publisher.stamps?.changes}/${publisher.stamps?.additions}`);
    },
    () => Date.now(),
  );
  return { publisher, served };
}

/** Whether `promise` has settled, without waiting for it. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('StampPublisher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('serves the first stamps it is offered at once and tells its listener', async () => {
    const { publisher, served } = setUp();
    await publisher.offer(stamps(1));
    expect(publisher.stamps).toEqual(stamps(1));
    expect(served).toEqual(['0/1']);
  });

  it(`holds new works read within ${EVERY} ms of the last served stamps, then serves the newest of them once`, async () => {
    const { publisher, served } = setUp();
    await publisher.offer(stamps(1));
    vi.advanceTimersByTime(10);
    const second = publisher.offer(stamps(2));
    vi.advanceTimersByTime(10);
    const third = publisher.offer(stamps(3));
    expect(publisher.stamps).toEqual(stamps(1));
    expect(await settled(second)).toBe(false);

    await vi.advanceTimersByTimeAsync(EVERY - 21);
    expect(publisher.stamps).toEqual(stamps(1));
    await vi.advanceTimersByTimeAsync(1);
    expect(publisher.stamps).toEqual(stamps(3));
    expect(await settled(second)).toBe(true);
    expect(await settled(third)).toBe(true);
    expect(served).toEqual(['0/1', '0/3']);
  });

  it(`serves new works at once when the last served stamps are ${EVERY} ms old`, async () => {
    const { publisher, served } = setUp();
    await publisher.offer(stamps(1));
    vi.advanceTimersByTime(EVERY);
    await publisher.offer(stamps(2));
    expect(publisher.stamps).toEqual(stamps(2));
    expect(served).toEqual(['0/1', '0/2']);
  });

  it('serves a changed or removed work at once, with the new works held back, and settles their waiters', async () => {
    const { publisher, served } = setUp();
    await publisher.offer(stamps(1));
    const heldBack = publisher.offer(stamps(2));
    await publisher.offer(stamps(2, 1));
    expect(publisher.stamps).toEqual(stamps(2, 1));
    expect(await settled(heldBack)).toBe(true);
    // Nothing is served again when the held stamps' time comes.
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(served).toEqual(['0/1', '1/2']);
  });

  it('settles an offer of the stamps already served without serving them again', async () => {
    const { publisher, served } = setUp();
    await publisher.offer(stamps(1));
    expect(await settled(publisher.offer(stamps(1)))).toBe(true);
    expect(served).toEqual(['0/1']);
  });

  it('serves the next stamps at once after a reset (requests were served what they read meanwhile)', async () => {
    const { publisher, served } = setUp();
    await publisher.offer(stamps(1));
    publisher.reset();
    await publisher.offer(stamps(2));
    expect(publisher.stamps).toEqual(stamps(2));
    expect(served).toEqual(['0/1', '0/2']);
  });

  it('settles held offers without serving them when closed', async () => {
    const { publisher, served } = setUp();
    await publisher.offer(stamps(1));
    const held = publisher.offer(stamps(2));
    publisher.close();
    expect(await settled(held)).toBe(true);
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(publisher.stamps).toEqual(stamps(1));
    expect(served).toEqual(['0/1']);
  });
});
