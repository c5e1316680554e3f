// The ledger's change stamps (migration 008), which cached public answers are checked against
// (cached-answers.ts), as each server process knows them.
//
// Reading them for every request put a database round trip in front of every cached answer, and
// under a stream of registrations that round trip, waiting its turn on a busy database, became
// most of a cached answer's cost. So each process LISTENs for the notice every change to the
// stamps sends (migration 018) and reads them only after one; after its own writes they are read
// on the writer's connection right after the commit (ledgerTransaction in
// server/works/ledger-transaction.ts); in between, requests use the stamps it last read. What a
// request sees:
// - a change made through this process: at once (its stamps are known before the writer's
//   answer leaves);
// - a change made by another process: once the database's notice arrives (milliseconds), and
//   in any case within LEDGER_NOTICE_BOUND_SECONDS, after which stamps are read again even with
//   no notice (the bound on a notice lost with a connection that died without an error);
// - new works, under a stream of them: at most LEDGER_ADDITIONS_SERVED_EVERY_MS later than
//   that (stamp-publisher.ts); a registration still answers only once they are served.
// Until the listener is connected, or while it is reconnecting, every request reads the stamps
// (shared with the requests arriving with it, fresh-reads.ts), as before.
import { LEDGER_ADDITIONS_SERVED_EVERY_MS, LEDGER_NOTICE_BOUND_SECONDS } from '../../core/constants';
import { FreshReads } from './fresh-reads';
import { StampPublisher } from './stamp-publisher';

/**
 * `changes` moves when a public work changes, leaves or re-enters the public ledger; `additions`
 * when a new public work is registered. `lastSeq` is the highest registry number at the same
 * moment: works registered later have higher ones (numbers are taken and committed under the
 * registration lock, in order).
 */
export interface LedgerStamps {
  changes: string;
  additions: string;
  lastSeq: string;
}

/** The NOTIFY channel of migration 018. */
export const LEDGER_CHANGED_CHANNEL = 'ledger_changed';

/**
 * Starts listening: calls `onNotice` with each notice's payload (the writer's backend process id)
 * and `onListening` when the listener connects or drops.
 */
export type LedgerNoticeSubscriber = (
  onNotice: (payload: string) => void,
  onListening: (listening: boolean) => void,
) => Promise<() => Promise<void>>;

interface Known {
  stamps: LedgerStamps;
  /** The notice count when the read began: the stamps hold every change noticed before it. */
  notices: number;
  readAtMs: number;
  /** Which read this was (they are numbered as they begin): a read begun later is kept instead. */
  order: number;
}

export class LedgerStampSource {
  /** Notices so far (the database's and this process's own writes). */
  private notices = 0;
  private known: Known | null = null;
  /** Reads begun so far. */
  private reads = 0;
  /** The newest read begun, and the notice count it began at. */
  private reading: { notices: number; value: Promise<LedgerStamps> } | null = null;
  private listening = false;
  private subscription: Promise<() => Promise<void>> | null = null;
  private closed = false;
  private readonly perRequest: FreshReads<LedgerStamps>;
  private readonly noticeListeners = new Set<() => unknown>();
  /** The stamps served to requests, of those read; tells the listeners when they move. */
  private readonly publisher: StampPublisher;
  /** What the listeners did with this process's latest own write (the pages they rebuilt). */
  private ownWriteHandled: Promise<unknown> = Promise.resolve();

  private readonly subscribe?: LedgerNoticeSubscriber;
  private readonly nowMs: () => number;
  private readonly isOwnNotice: (payload: string) => boolean;
  /**
   * With no notice, stamps older than this are read again: soon enough that new works they find,
   * held back for at most additionsEveryMs, are still served within LEDGER_NOTICE_BOUND_SECONDS.
   */
  private readonly rereadAfterMs: number;

  constructor(
    private readonly read: () => Promise<LedgerStamps>,
    options: {
      subscribe?: LedgerNoticeSubscriber;
      nowMs?: () => number;
      /** Notices of this process's own writes, already noticed when they were made: skipped. */
      isOwnNotice?: (payload: string) => boolean;
      /** New works are served at most this often (stamp-publisher.ts). */
      additionsEveryMs?: number;
    } = {},
  ) {
    this.subscribe = options.subscribe;
    this.nowMs = options.nowMs ?? Date.now;
    this.isOwnNotice = options.isOwnNotice ?? (() => false);
    this.perRequest = new FreshReads(read);
    const additionsEveryMs = options.additionsEveryMs ?? LEDGER_ADDITIONS_SERVED_EVERY_MS;
    this.rereadAfterMs = LEDGER_NOTICE_BOUND_SECONDS * 1000 - additionsEveryMs;
    this.publisher = new StampPublisher(
      () => Promise.allSettled([...this.noticeListeners].map((listener) => listener())),
      this.nowMs,
      additionsEveryMs,
    );
  }

  /** The stamps as this process must serve them now (see the top of this file). */
  current(): Promise<LedgerStamps> {
    this.startListening();
    if (!this.listening) return this.perRequest.read();
    const known = this.known;
    if (known && known.notices === this.notices) {
      if (this.nowMs() - known.readAtMs < this.rereadAfterMs) return Promise.resolve(this.served(known.stamps));
      // Past the bound with no notice: read again, as if one had come.
      this.notices += 1;
    }
    return this.readSinceLastNotice().then((read) => this.served(read));
  }

  /**
   * The stamps may have moved: the next request reads them again. The read starts now, so it is
   * usually done by then; the listeners hear of it once its stamps are served.
   */
  notice(): void {
    this.notices += 1;
    if (this.listening) this.readSinceLastNotice().catch(() => undefined);
    else for (const listener of this.noticeListeners) listener();
  }

  /**
   * This process committed a change to the ledger. With `readOnWriter` (a read on the writer's
   * connection, before the writer hears its commit went through: ledgerTransaction) the new
   * stamps are known without a read of their own, and the pages kept fresh ahead are rebuilt on
   * them at once. Until that read ends nobody can have been told of the change, so requests go on
   * with the stamps they have. Never rejects: if that read fails, this is a plain notice.
   */
  async wrote(readOnWriter?: () => Promise<LedgerStamps>): Promise<void> {
    if (!readOnWriter || !this.listening) {
      this.notice();
      return;
    }
    const notices = this.notices;
    const order = ++this.reads;
    const readAtMs = this.nowMs();
    try {
      this.ownWriteHandled = this.keep({ stamps: await readOnWriter(), notices, readAtMs, order });
    } catch {
      this.notice();
    }
  }

  /**
   * Resolves when the notice listeners have done their work for this process's latest own write
   * (the first pages kept fresh ahead are rebuilt with it): a writer that waits for this before
   * answering sends its client to pages that are ready. Never rejects.
   */
  async ownWritesHandled(): Promise<void> {
    await this.ownWriteHandled;
  }

  /**
   * Calls `listener` on every notice until the returned function is called. What it returns (a
   * promise of its work) is what ownWritesHandled waits for after this process's own writes.
   */
  onNotice(listener: () => unknown): () => void {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.publisher.close();
    this.noticeListeners.clear();
    this.listening = false;
    const subscription = this.subscription;
    this.subscription = null;
    if (subscription) await (await subscription.catch(() => async () => undefined))();
  }

  private startListening(): void {
    if (this.subscription || !this.subscribe || this.closed) return;
    this.subscription = this.subscribe(
      (payload) => {
        if (!this.isOwnNotice(payload)) this.notice();
      },
      (listening) => {
        if (this.closed) return;
        // Whatever happened while not listening went unnoticed: read again before trusting. Requests
        // meanwhile were served what they read, so the next stamps are served at once.
        this.notices += 1;
        this.listening = listening;
        this.publisher.reset();
      },
    );
    // A listener that cannot start leaves this process reading the stamps for every request.
    this.subscription.catch(() => undefined);
  }

  /**
   * Reads may finish out of order: the one begun last is kept, and offered to be served.
   * Resolves once the kept stamps are served and the listeners have handled them.
   */
  private keep(read: Known): Promise<void> {
    if (!this.known || this.known.order < read.order) this.known = read;
    return this.publisher.offer(this.known.stamps);
  }

  /** What requests are served with, given the newest stamps read (see stamp-publisher.ts). */
  private served(newest: LedgerStamps): LedgerStamps {
    return this.publisher.stamps ?? newest;
  }

  /** A read begun after the latest notice: shared by everyone who asks before the next one. */
  private readSinceLastNotice(): Promise<LedgerStamps> {
    const notices = this.notices;
    if (this.reading?.notices === notices) return this.reading.value;
    const readAtMs = this.nowMs();
    const order = ++this.reads;
    const value = this.read().then((stamps) => {
      void this.keep({ stamps, notices, readAtMs, order });
      return stamps;
    });
    const reading = { notices, value };
    this.reading = reading;
    const done = () => {
      if (this.reading === reading) this.reading = null;
    };
    value.then(done, done);
    return value;
  }
}
