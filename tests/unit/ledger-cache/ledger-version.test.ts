// perLedgerVersion: a value read once per ledger version, and the newest one read so far for
// requests that need not wait for the next (a page served while its rebuild is under way).
import { describe, expect, it } from 'vitest';
import { perLedgerVersion } from '../../../server/ledger-cache/ledger-version';

describe('perLedgerVersion', () => {
  it('reads once per version and shares the read', async () => {
    let reads = 0;
    const at = perLedgerVersion(async () => ++reads);
    expect(await Promise.all([at('1'), at('1')])).toEqual([1, 1]);
    expect(await at('2')).toBe(2);
    expect(reads).toBe(2);
  });

  it('gives the newest finished read as latest, not one still under way nor an older one finishing late', async () => {
    const finishers: ((value: string) => void)[] = [];
    const at = perLedgerVersion(() => new Promise<string>((resolve) => finishers.push(resolve)));
    expect(at.latest()).toBeUndefined();
    const first = at('1');
    const second = at('2');
    finishers[1]('figures of version 2');
    await second;
    expect(at.latest()).toBe('figures of version 2');
    finishers[0]('figures of version 1');
    await first;
    expect(at.latest()).toBe('figures of version 2');
    void at('3');
    expect(at.latest()).toBe('figures of version 2');
  });

  it('does not keep a failed read: the next request reads again', async () => {
    let reads = 0;
    const at = perLedgerVersion(async () => {
      reads++;
      if (reads === 1) throw new Error('database gone');
      return 'figures';
    });
    await expect(at('1')).rejects.toThrow('database gone');
    expect(await at('1')).toBe('figures');
    expect(at.latest()).toBe('figures');
  });
});
