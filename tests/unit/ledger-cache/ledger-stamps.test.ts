// LedgerStampSource: the change stamps a server process serves its kept answers against. While
// its listener is connected it reads them only after a notice (or once the bound has passed);
// otherwise on every request, as FreshReads does.
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEDGER_ADDITIONS_SERVED_EVERY_MS, LEDGER_NOTICE_BOUND_SECONDS } from '../../../core/constants';
import { LedgerStampSource, type LedgerStamps } from '../../../server/ledger-cache/ledger-stamps';
import { ownWritesShown, useLedgerStampSource } from '../../../server/ledger-cache/process-stamps';
import type { DB } from '../../../server/db/types';

/** A database whose stamps the test sets, counting the reads and letting the test hold them back. */
function fakeDatabase() {
  let additions = 0;
  let reads = 0;
  let held: (() => void)[] | null = null;
  const read = async (): Promise<LedgerStamps> => {
    reads++;
    // What the database holds when the read starts, as a query's snapshot.
    const seen = additions;
    if (held) await new Promise<void>((resolve) => held?.push(resolve));
    return { changes: '0', additions: String(seen), lastSeq: String(seen) };
  };
  return {
    read,
    register: () => additions++,
    reads: () => reads,
    hold: () => {
      held = [];
    },
    release: async () => {
      const waiting = held ?? [];
      held = null;
      for (const resolve of waiting) resolve();
      await new Promise((r) => setImmediate(r));
    },
  };
}

/** A listener the test drives: connect, drop and deliver notices by hand. */
function fakeListener() {
  let onNotice: (payload: string) => void = () => undefined;
  let onListening: (listening: boolean) => void = () => undefined;
  let subscriptions = 0;
  return {
    subscribe: async (notice: (payload: string) => void, listening: (on: boolean) => void) => {
      subscriptions++;
      onNotice = notice;
      onListening = listening;
      return async () => undefined;
    },
    connect: () => onListening(true),
    drop: () => onListening(false),
    /** A notice from the writing connection `pid` (another process's, unless the test says otherwise). */
    deliver: (pid = '4242') => onNotice(pid),
    subscriptions: () => subscriptions,
  };
}

const additionsOf = async (source: LedgerStampSource) => (await source.current()).additions;

/** An own write whose read of the stamps on the writer's connection waits until the test finishes it. */
function writeHeldAtRead(source: LedgerStampSource) {
  let finishWriterRead: () => void = () => undefined;
  const writerRead = new Promise<void>((resolve) => (finishWriterRead = resolve));
  const wrote = source.wrote(async () => {
    await writerRead;
    return { changes: '0', additions: '1', lastSeq: '1' };
  });
  return { wrote, finishWriterRead };
}

function setUp(options: { additionsEveryMs?: number; nowMs?: () => number } = {}) {
  const database = fakeDatabase();
  const listener = fakeListener();
  let now = 1_000_000;
  // Backend 7 is one of this process's own connections.
  const source = new LedgerStampSource(database.read, {
    subscribe: listener.subscribe,
    nowMs: options.nowMs ?? (() => now),
    isOwnNotice: (pid) => pid === '7',
    // Every read served at once unless a test paces new works (see also stamp-publisher.test.ts).
    additionsEveryMs: options.additionsEveryMs ?? 0,
  });
  // The source subscribes on its first use; the listener then connects.
  const listen = async () => {
    await source.current();
    listener.connect();
  };
  return { database, listener, source, listen, advance: (ms: number) => (now += ms) };
}

describe('LedgerStampSource', () => {
  it('reads the stamps for every request until its listener is connected', async () => {
    const { database, listener, source } = setUp();
    expect(await additionsOf(source)).toBe('0');
    expect(await additionsOf(source)).toBe('0');
    expect(listener.subscriptions()).toBe(1);
    expect(database.reads()).toBe(2);
  });

  it('serves 100 requests from one read while no notice comes, and reads again after one', async () => {
    const { database, listener, source, listen } = setUp();
    await listen();
    for (let i = 0; i < 100; i++) expect(await additionsOf(source)).toBe('0');
    expect(database.reads()).toBe(2);

    database.register();
    listener.deliver();
    expect(await additionsOf(source)).toBe('1');
    expect(await additionsOf(source)).toBe('1');
    expect(database.reads()).toBe(3);
  });

  it("skips the database's notice of a write this process's own connection made (noticed when it was made)", async () => {
    const { database, listener, source, listen } = setUp();
    await listen();
    await source.current();
    listener.deliver('7');
    expect(await additionsOf(source)).toBe('0');
    expect(database.reads()).toBe(2);
  });

  it("sees this process's own write at the very next request (notice() called before the writer's answer)", async () => {
    const { database, source, listen } = setUp();
    await listen();
    await source.current();
    database.register();
    source.notice();
    expect(await additionsOf(source)).toBe('1');
  });

  it("takes the stamps read on the writer's connection after its own write: the next request reads none", async () => {
    const { database, source, listen } = setUp();
    await listen();
    await source.current();
    const readsBefore = database.reads();
    database.register();
    const rebuilt: string[] = [];
    source.onNotice(() => rebuilt.push('page 1'));
    await source.wrote(async () => ({ changes: '0', additions: '1', lastSeq: '1' }));
    expect(rebuilt).toEqual(['page 1']);
    expect(await additionsOf(source)).toBe('1');
    expect(database.reads()).toBe(readsBefore);
  });

  it('lets the writer wait until the notice listeners have rebuilt their pages with its write', async () => {
    const { source, listen } = setUp();
    await listen();
    await source.current();
    let finishRebuild: () => void = () => undefined;
    const rebuild = new Promise<void>((resolve) => (finishRebuild = resolve));
    const rebuiltWith: string[] = [];
    source.onNotice(async () => {
      const { additions } = await source.current();
      await rebuild;
      rebuiltWith.push(additions);
    });
    await source.wrote(async () => ({ changes: '0', additions: '1', lastSeq: '1' }));
    let handled = false;
    const waiting = source.ownWritesHandled().then(() => (handled = true));
    await new Promise((r) => setImmediate(r));
    expect(handled).toBe(false);
    finishRebuild();
    await waiting;
    expect(rebuiltWith).toEqual(['1']);
  });

  it('lets a writer go after a quarter of a second when a rebuild takes longer', async () => {
    vi.useFakeTimers();
    try {
      const { source, listen } = setUp();
      await listen();
      source.onNotice(() => new Promise(() => undefined));
      await source.wrote(async () => ({ changes: '0', additions: '1', lastSeq: '1' }));
      const db = {} as Kysely<DB>;
      useLedgerStampSource(db, source);
      let shown = false;
      const waiting = ownWritesShown(db).then(() => (shown = true));
      await vi.advanceTimersByTimeAsync(249);
      expect(shown).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await waiting;
      expect(shown).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("goes on serving the stamps it has while the writer's read runs (the writer has not been answered yet)", async () => {
    const { database, source, listen } = setUp();
    await listen();
    await source.current();
    const readsBefore = database.reads();
    database.register();
    const { wrote, finishWriterRead } = writeHeldAtRead(source);
    expect(await additionsOf(source)).toBe('0');
    finishWriterRead();
    await wrote;
    expect(await additionsOf(source)).toBe('1');
    expect(database.reads()).toBe(readsBefore);
  });

  it("reads the stamps for the next request when the writer's read of them fails", async () => {
    const { database, source, listen } = setUp();
    await listen();
    await source.current();
    database.register();
    await source.wrote(async () => {
      throw new Error('connection lost');
    });
    expect(await additionsOf(source)).toBe('1');
  });

  it("keeps a later notice's read over the writer's read of its own write, whichever ends first", async () => {
    const { database, listener, source, listen } = setUp();
    await listen();
    await source.current();
    database.register();
    const { wrote, finishWriterRead } = writeHeldAtRead(source);
    // Another process registers while the writer's read is under way; its notice comes.
    database.register();
    listener.deliver();
    expect(await additionsOf(source)).toBe('2');
    finishWriterRead();
    await wrote;
    expect(await additionsOf(source)).toBe('2');
  });

  it('reads again once the bound has passed without any notice (a notice lost with its connection)', async () => {
    const { database, source, listen, advance } = setUp();
    await listen();
    await source.current();
    database.register();
    advance(LEDGER_NOTICE_BOUND_SECONDS * 1000 - 1);
    expect(await additionsOf(source)).toBe('0');
    advance(1);
    expect(await additionsOf(source)).toBe('1');
  });

  it('answers a request after a notice with a read begun after it, not with the read under way', async () => {
    const { database, listener, source, listen } = setUp();
    await listen();
    database.hold();
    const early = source.current();
    database.register();
    listener.deliver();
    const late = source.current();
    await database.release();
    expect(await late).toEqual({ changes: '0', additions: '1', lastSeq: '1' });
    // The earlier request gets the newest stamps served when its read ends: read before its build starts, so never ahead of it.
    expect(await early).toEqual({ changes: '0', additions: '1', lastSeq: '1' });
    // And what is kept afterwards is the later read, whichever finished first.
    expect(await additionsOf(source)).toBe('1');
    expect(database.reads()).toBe(3);
  });

  it('shares one read among the requests that come between two notices', async () => {
    const { database, source, listen } = setUp();
    await listen();
    database.hold();
    const waiting = Array.from({ length: 10 }, () => source.current());
    await database.release();
    await Promise.all(waiting);
    expect(database.reads()).toBe(2);
  });

  it('goes back to reading for every request while the listener is down, and reads afresh when it is back', async () => {
    const { database, listener, source, listen } = setUp();
    await listen();
    await source.current();
    listener.drop();
    database.register();
    expect(await additionsOf(source)).toBe('1');
    expect(await additionsOf(source)).toBe('1');
    expect(database.reads()).toBe(4);
    database.register();
    listener.connect();
    expect(await additionsOf(source)).toBe('2');
    expect(await additionsOf(source)).toBe('2');
    expect(database.reads()).toBe(5);
  });

  describe(`with new works served at most every ${LEDGER_ADDITIONS_SERVED_EVERY_MS} ms`, () => {
    const EVERY = LEDGER_ADDITIONS_SERVED_EVERY_MS;
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('serves a work registered soon after the last served ones when the time is up, and its writer answers only then', async () => {
      const { source, listen } = setUp({ additionsEveryMs: EVERY, nowMs: () => Date.now() });
      await listen();
      expect(await additionsOf(source)).toBe('0');
      const rebuiltWith: string[] = [];
      source.onNotice(async () => rebuiltWith.push((await source.current()).additions));
      await source.wrote(async () => ({ changes: '0', additions: '1', lastSeq: '1' }));
      let answered = false;
      const writer = source.ownWritesHandled().then(() => (answered = true));

      await vi.advanceTimersByTimeAsync(EVERY - 1);
      expect(await additionsOf(source)).toBe('0');
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await writer;
      expect(await additionsOf(source)).toBe('1');
      expect(rebuiltWith).toEqual(['1']);
    });

    it(`reads again without a notice ${LEDGER_ADDITIONS_SERVED_EVERY_MS} ms before the notice bound, so a new work it finds is served within it even if held back`, async () => {
      const { database, source, listen } = setUp({ additionsEveryMs: EVERY, nowMs: () => Date.now() });
      await listen();
      expect(await additionsOf(source)).toBe('0');
      database.register();
      await vi.advanceTimersByTimeAsync(LEDGER_NOTICE_BOUND_SECONDS * 1000 - EVERY - 1);
      expect(await additionsOf(source)).toBe('0');
      await vi.advanceTimersByTimeAsync(1);
      expect(await additionsOf(source)).toBe('1');
    });
  });
});
