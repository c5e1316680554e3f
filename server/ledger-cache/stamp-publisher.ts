// Which change stamps a server process serves its requests with, of those it has read.
//
// Every kept answer a new work enters, its first page above all, is rebuilt when the stamps
// move. Under a stream of registrations that was one rebuild of every first page (and of the
// ledger's figures) per registration, about 3 ms of CPU each, taken from the reads. So new works
// (stamp `additions`) are served at most every LEDGER_ADDITIONS_SERVED_EVERY_MS: stamps read
// sooner than that after the last served ones wait, and the newest of them are served when the
// time is up. A change to a public work (stamp `changes`: changed, removed, made private) is
// served at once, with any additions held back. The first stamps are served at once too.
import { LEDGER_ADDITIONS_SERVED_EVERY_MS } from '../../core/constants';
import type { LedgerStamps } from './ledger-stamps';

interface Held {
  stamps: LedgerStamps;
  /** Resolves when these stamps (or newer ones) have been served and handled. */
  handled: Promise<void>;
  resolve(): void;
  timer: NodeJS.Timeout;
}

const sameStamps = (a: LedgerStamps, b: LedgerStamps) =>
  a.changes === b.changes && a.additions === b.additions && a.lastSeq === b.lastSeq;

export class StampPublisher {
  private served: { stamps: LedgerStamps; atMs: number } | null = null;
  private held: Held | null = null;
  /** What `onServe` did with the stamps served last. */
  private lastHandled: Promise<void> = Promise.resolve();

  constructor(
    /** Called each time new stamps are served; what it returns is waited for by `offer`'s callers. */
    private readonly onServe: () => Promise<unknown>,
    private readonly nowMs: () => number,
    private readonly additionsEveryMs = LEDGER_ADDITIONS_SERVED_EVERY_MS,
  ) {}

  /** The stamps requests are served with now (undefined before the first offer). */
  get stamps(): LedgerStamps | undefined {
    return this.served?.stamps;
  }

  /**
   * Stamps just read, at least as new as any offered before. Resolves once they, or newer ones,
   * are served and `onServe` has handled them. Never rejects.
   */
  offer(stamps: LedgerStamps): Promise<void> {
    const served = this.served;
    if (served && sameStamps(served.stamps, stamps)) return this.held?.handled ?? this.lastHandled;
    const now = this.nowMs();
    if (!served || served.stamps.changes !== stamps.changes || now - served.atMs >= this.additionsEveryMs) return this.serve(stamps);
    if (this.held) {
      this.held.stamps = stamps;
      return this.held.handled;
    }
    let resolve: () => void = () => undefined;
    const handled = new Promise<void>((r) => (resolve = r));
    const timer = setTimeout(
      () => {
        if (this.held) void this.serve(this.held.stamps);
      },
      served.atMs + this.additionsEveryMs - now,
    );
    timer.unref();
    this.held = { stamps, handled, resolve, timer };
    return handled;
  }

  /** The stamps served so far may be older than what requests saw meanwhile: serve the next ones at once. */
  reset(): void {
    this.served = null;
  }

  /** Stops serving held stamps later (the process is closing). */
  close(): void {
    if (!this.held) return;
    clearTimeout(this.held.timer);
    this.held.resolve();
    this.held = null;
  }

  private serve(stamps: LedgerStamps): Promise<void> {
    // Anything held is older than these: its waiters are done when these are.
    const held = this.held;
    this.held = null;
    if (held) clearTimeout(held.timer);
    this.served = { stamps, atMs: this.nowMs() };
    const handled = this.onServe().then(
      () => undefined,
      () => undefined,
    );
    this.lastHandled = handled;
    if (held) void handled.then(held.resolve);
    return handled;
  }
}
