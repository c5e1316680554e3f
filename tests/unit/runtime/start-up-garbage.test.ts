// The collection after the start-up loads runs only where Node exposes it (server/start-up-garbage.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { collectStartUpGarbage } from '../../../server/start-up-garbage';

const exposed = (globalThis as { gc?: () => void }).gc;
afterEach(() => {
  (globalThis as { gc?: () => void }).gc = exposed;
});

describe('collectStartUpGarbage', () => {
  it('does nothing without --expose-gc', () => {
    delete (globalThis as { gc?: () => void }).gc;
    expect(collectStartUpGarbage()).toBe(false);
  });

  it('collects twice when Node exposes the collector', () => {
    let collections = 0;
    (globalThis as { gc?: () => void }).gc = () => void collections++;
    expect(collectStartUpGarbage()).toBe(true);
    expect(collections).toBe(2);
  });
});
