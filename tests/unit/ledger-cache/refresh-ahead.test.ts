// RefreshAhead: the first pages visitors asked for lately are answered again on every change,
// so the next visitor finds them built; pages nobody asked for lately are left alone.
import { describe, expect, it } from 'vitest';
import { RefreshAhead } from '../../../server/ledger-cache/refresh-ahead';

function setUp() {
  let now = 0;
  const answered: string[] = [];
  const refresh = new RefreshAhead<string>(
    async (question) => {
      answered.push(question);
    },
    () => now,
  );
  return { refresh, answered, advance: (ms: number) => (now += ms) };
}

describe('RefreshAhead', () => {
  it('answers each question asked in the last 10 seconds again when the ledger changes', () => {
    const { refresh, answered, advance } = setUp();
    refresh.asked('a', 'page 1');
    advance(9_000);
    refresh.asked('b', 'page 1, tool Midjourney');
    refresh.asked('a', 'page 1');
    refresh.changed();
    expect(answered).toEqual(['page 1, tool Midjourney', 'page 1']);
  });

  it('stops refreshing a question nobody has asked for 10 seconds', () => {
    const { refresh, answered, advance } = setUp();
    refresh.asked('a', 'page 1');
    advance(10_001);
    refresh.changed();
    refresh.changed();
    expect(answered).toEqual([]);
  });

  it('keeps at most the 8 questions asked last', () => {
    const { refresh, answered } = setUp();
    for (let i = 1; i <= 10; i++) refresh.asked(`q${i}`, `question ${i}`);
    refresh.changed();
    expect(answered).toEqual(Array.from({ length: 8 }, (_, i) => `question ${i + 3}`));
  });

  it('resolves only once every question asked lately is answered again (what a registration waits for)', async () => {
    const finished: string[] = [];
    let finishSlow: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (finishSlow = resolve));
    const refresh = new RefreshAhead<string>(async (question) => {
      if (question === 'slow') await slow;
      finished.push(question);
    });
    refresh.asked('s', 'slow');
    refresh.asked('f', 'fast');
    let resolved = false;
    const changed = refresh.changed().then(() => (resolved = true));
    await new Promise((r) => setImmediate(r));
    expect(finished).toEqual(['fast']);
    expect(resolved).toBe(false);
    finishSlow();
    await changed;
    expect(finished).toEqual(['fast', 'slow']);
  });

  it('goes on after a failed answer: the next visitor builds that page itself', async () => {
    const answered: string[] = [];
    const refresh = new RefreshAhead<string>(async (question) => {
      if (question === 'broken') throw new Error('database gone');
      answered.push(question);
    });
    refresh.asked('x', 'broken');
    refresh.asked('y', 'fine');
    refresh.changed();
    await new Promise((r) => setImmediate(r));
    expect(answered).toEqual(['fine']);
  });
});
