// FreshReads: one read shared by the requests that arrive while it is not yet under way, and
// never a value read before a request arrived.
import { describe, expect, it } from 'vitest';
import { FreshReads } from '../../../server/ledger-cache/fresh-reads';

/** A load whose reads resolve by hand, in order, each with the number of the read. */
function manualLoad() {
  const pending: ((value: number) => void)[] = [];
  let started = 0;
  const load = () =>
    new Promise<number>((resolve) => {
      started++;
      const n = started;
      pending.push(() => resolve(n));
    });
  const finishNext = async () => {
    pending.shift()?.(0);
    await new Promise((r) => setImmediate(r));
  };
  return { load, finishNext, started: () => started };
}

describe('FreshReads', () => {
  it('gives ten requests arriving during a read the one read that starts after it, not the one under way', async () => {
    const { load, finishNext, started } = manualLoad();
    const reads = new FreshReads(load);
    const first = reads.read();
    const later = Array.from({ length: 10 }, () => reads.read());
    expect(started()).toBe(1);
    await finishNext();
    expect(await first).toBe(1);
    expect(started()).toBe(2);
    await finishNext();
    expect(await Promise.all(later)).toEqual(Array(10).fill(2));
  });

  it('starts a new read for a request that comes after the last one ended', async () => {
    const { load, finishNext, started } = manualLoad();
    const reads = new FreshReads(load);
    const first = reads.read();
    await finishNext();
    expect(await first).toBe(1);
    const second = reads.read();
    expect(started()).toBe(2);
    await finishNext();
    expect(await second).toBe(2);
  });

  it('goes on reading after a failed read, and the failure reaches only the requests that shared it', async () => {
    let calls = 0;
    const reads = new FreshReads(async () => {
      calls++;
      if (calls === 1) throw new Error('connection lost');
      return calls;
    });
    const failing = reads.read();
    const queued = reads.read();
    await expect(failing).rejects.toThrow('connection lost');
    expect(await queued).toBe(2);
  });
});
