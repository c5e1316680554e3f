// Built list answers (the ledger page, the public read API), kept per server process and
// checked on every request against the change stamps every process shares through the database
// (migration 008), as this process serves them (ledger-stamps.ts: after its own
// writes before the writer answers, after the database's notice for another process's, within
// LEDGER_NOTICE_BOUND_SECONDS in any case; new works at most every
// LEDGER_ADDITIONS_SERVED_EVERY_MS), so no process goes on serving what another has made out of
// date:
// - a public work changed, removed, made private or restored (stamp `changes`): every kept
//   answer is out of date at once;
// - new works registered (stamp `additions`): an answer whose list none of them enters (another
//   search, filter or artist) is still exact and is kept. One they enter is rebuilt at once if
//   it is a first page (where a new work shows); a deeper page (offset or cursor), whose items
//   only shift and whose total grows, may go on being served until it is
//   LEDGER_LIST_STALE_SECONDS old. A stream of registrations then no longer throws away every
//   answer each time. While the rebuild of an answer new works enter is under way, requests are
//   served the kept one (for milliseconds) instead of all waiting for it; a caller that must see
//   the new works (the rebuild a registration waits for) asks for `waitForRebuild`.
import type { Kysely } from 'kysely';
import { LEDGER_LIST_STALE_SECONDS } from '../../core/constants';
import type { LedgerStamps } from './ledger-stamps';
import { currentLedgerStamps } from './process-stamps';
import type { DB } from '../db/types';
import { CompressedForms } from '../http/compressed-forms';
import { ResponseCache, type CachedResponse } from './response-cache';

/** What the cache needs to know about the list an answer shows. */
export interface ListScope {
  /** Whether a public work with a registry number above `seq` is in this list (filters only). */
  gainsWorkAfter(seq: string): Promise<boolean>;
  /** The first page of its list: a new work it gains must show at once. */
  firstPage: boolean;
}

/** A kept answer, with its compressed forms (made as requests ask for them). */
export interface KeptAnswer extends CachedResponse {
  compressed: CompressedForms;
  /** The stamps it is known to be current at: older than the request's while its rebuild is under way. */
  readonly stamps: LedgerStamps;
}

interface StampedResponse extends KeptAnswer {
  stamps: LedgerStamps;
  builtAtMs: number;
}

export type Freshness = 'current' | 'stale-allowed' | 'rebuild';

/** The rule above, for an answer built at `builtAtMs` under `built` stamps. */
export async function freshness(
  built: LedgerStamps,
  builtAtMs: number,
  current: LedgerStamps,
  nowMs: number,
  scope: ListScope,
): Promise<Freshness> {
  if (built.changes !== current.changes) return 'rebuild';
  if (built.additions === current.additions) return 'current';
  if (!(await scope.gainsWorkAfter(built.lastSeq))) return 'current';
  if (!scope.firstPage && nowMs - builtAtMs < LEDGER_LIST_STALE_SECONDS * 1000) return 'stale-allowed';
  return 'rebuild';
}

export class CachedAnswers {
  private readonly cache: ResponseCache<StampedResponse>;
  /** Builds under way, so a burst of the same question builds once. */
  private readonly building = new Map<string, Promise<KeptAnswer>>();

  constructor(
    private readonly db: Kysely<DB>,
    maxBytes: number,
    private readonly now: () => Date,
  ) {
    this.cache = new ResponseCache<StampedResponse>(maxBytes);
  }

  /** The kept answer to `key` if it may still be served, else a new one from `build`. */
  async get(
    key: string,
    scope: ListScope,
    build: () => Promise<CachedResponse>,
    // Read before building, so a change during the build leaves the answer out of date, never
    // marked newer than it is. A caller that needs them too reads them once and passes them.
    stamps?: LedgerStamps,
    options: { waitForRebuild?: boolean } = {},
  ): Promise<KeptAnswer> {
    stamps ??= await currentLedgerStamps(this.db);
    const nowMs = this.now().getTime();
    const hit = this.cache.get(key);
    const flightKey = JSON.stringify([stamps.changes, stamps.additions, key]);
    if (hit) {
      // Only new works since it was built, and the answer with them is being built: this one
      // meanwhile (a changed or removed work never gets here: `changes` differs).
      const rebuilding = hit.stamps.changes === stamps.changes && this.building.has(flightKey);
      if (rebuilding && !options.waitForRebuild) return hit;
      const state = await freshness(hit.stamps, hit.builtAtMs, stamps, nowMs, scope);
      if (state === 'stale-allowed') return hit;
      if (state === 'current') {
        // Still exact at these stamps: the next check starts from here.
        hit.stamps = stamps;
        return hit;
      }
    }
    let pending = this.building.get(flightKey);
    if (!pending) {
      pending = build().then((answer) => {
        // Its compressed forms count against the cache's bytes as they are made.
        const compressed = new CompressedForms(answer.body, (bytes) => this.cache.grow(key, kept, bytes));
        const kept: StampedResponse = { ...answer, compressed, stamps, builtAtMs: nowMs };
        this.cache.set(key, kept);
        return kept;
      });
      const settled = pending;
      this.building.set(flightKey, settled);
      const done = () => this.building.delete(flightKey);
      settled.then(done, done);
    }
    return pending;
  }
}
