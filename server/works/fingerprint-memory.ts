// The near-duplicate search answered from this process's memory (issue 13): the banded search
// of closeFingerprintsQuery over every registered perceptual hash, kept in memory
// (banded-fingerprints.ts), instead of a query that reads thousands of index entries. At a
// million works that query cost PostgreSQL about 3 ms of CPU for each registration and each
// lookup, the largest part of its work for a registration; from memory it is a fraction of a
// millisecond.
//
// It answers what the query answers at the same moment: before each search it reads the hashes
// of works registered since the last one it has (one indexed range of submissions.registry_seq,
// normally empty), so a work committed by any process is seen, as the query sees it. Registry
// numbers are drawn under the registration lock held until commit, so once a number is visible
// no smaller one can still appear. The same read returns fingerprint_epoch (migration 021), which
// moves when a stored hash changes or goes (a purge clears one): then the memory is dropped and
// read again from the start, and searches go to the database until that ends, as they do from
// start-up until the first load (begun once the server listens) ends, and while the band tables
// are rebuilt (banded-fingerprints.ts). The memory keeps hashes, not work ids (20 bytes a work): a
// search that finds close hashes reads their works by hash (works-by-phash-repository.ts).
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { hammingDistance, NEAR_DUPLICATE_MAX_DISTANCE } from '../image';
import { BandedFingerprints } from './banded-fingerprints';
import {
  PACKED_ROW_CHARS,
  PACKED_SEQ_DIGITS,
  readFingerprintsAfter,
  readPackedFingerprintsAfter,
} from './fingerprints-after-repository';
import { worksWithHashes } from './works-by-phash-repository';

/**
 * Rows read per query: parsing a page holds the event loop for a few milliseconds at most, and a
 * packed page (28 characters a work, 112 KB) stays below V8's large-object size: 10,000-row pages
 * (280 KB each) waited in the large-object space for a full collection (28 MB at a million works).
 */
const PAGE_ROWS = 4_000;

export class FingerprintMemory {
  private hashes = new BandedFingerprints();
  /** The highest registry number read. */
  private lastSeq = 0;
  /** fingerprint_epoch when the hashes held were read; unset before the first read. */
  private epoch: string | undefined;
  /** Moves when the memory is dropped, so a read begun before is not mixed into the new one. */
  private generation = 0;
  private loaded = false;
  private loading: Promise<void> | undefined;
  /** The database of the first load: loads begun later read through it, never through a transaction. */
  private source: Kysely<DB> | undefined;

  get size(): number {
    return this.hashes.size;
  }

  get ready(): boolean {
    return this.loaded;
  }

  /** Drops everything read: the next reads start from the first work. */
  private forget(): void {
    this.hashes = new BandedFingerprints();
    this.lastSeq = 0;
    this.epoch = undefined;
    this.generation += 1;
    this.loaded = false;
  }

  /**
   * Reads the works registered after the last one read, at most a page of them, in registry
   * order. Returns how many came, or 'dropped' when a stored hash changed since the memory was
   * read (it is then empty). Reads that overlap are harmless: a row at or below the highest
   * number already read is skipped.
   */
  private async readPageAfterLast(db: Kysely<DB>): Promise<number | 'dropped'> {
    const generation = this.generation;
    const { epoch, count, packed } = await readPackedFingerprintsAfter(db, this.lastSeq, PAGE_ROWS);
    if (generation !== this.generation) return 'dropped';
    if (this.epoch !== undefined && epoch !== this.epoch) {
      this.forget();
      return 'dropped';
    }
    this.epoch = epoch;
    for (let at = 0; at < count * PACKED_ROW_CHARS; at += PACKED_ROW_CHARS) {
      const seq = parseInt(packed.slice(at, at + PACKED_SEQ_DIGITS), 16);
      if (seq <= this.lastSeq) continue;
      this.hashes.add(packed.slice(at + PACKED_SEQ_DIGITS, at + PACKED_ROW_CHARS));
      this.lastSeq = seq;
    }
    return count;
  }

  /** Reads every registered hash, a page per query; resolves when searches can be answered from memory. */
  load(db: Kysely<DB>): Promise<void> {
    this.source ??= db;
    const source = this.source;
    this.loading ??= (async () => {
      try {
        // Each page is its own query: the event loop serves requests in between.
        for (;;) {
          const read = await this.readPageAfterLast(source);
          if (read === 'dropped' || read === PAGE_ROWS) continue;
          const generation = this.generation;
          await this.hashes.index();
          // Dropped while the tables were built: read again from the start.
          if (generation === this.generation) break;
        }
        this.loaded = true;
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }

  /**
   * As closeFingerprintsQuery answers now in `db` (the pool or a transaction: the works registered
   * since the last search are read through it): submission id -> distance; undefined while the
   * memory is not loaded (the caller asks the database), starting a load if none is under way.
   */
  async close(db: Kysely<DB>, phashHex: string): Promise<Map<string, number> | undefined> {
    return (await this.closeToEach(db, [phashHex]))?.[0];
  }

  /**
   * close() for several hashes at once (a re-scoring batch): one read of the works registered
   * since the last search and one of the works found, for all of them; in the order given.
   */
  async closeToEach(db: Kysely<DB>, phashesHex: readonly string[]): Promise<Map<string, number>[] | undefined> {
    if (this.source && db !== this.source) return this.closeInTransaction(db, phashesHex);
    while (this.loaded) {
      const read = await this.readPageAfterLast(db);
      if (read === 'dropped') break;
      if (read < PAGE_ROWS) {
        const found = phashesHex.map((phash) => this.hashes.close(phash));
        // Undefined while the band tables are rebuilt: the database answers meanwhile.
        return found.every((hashes) => hashes !== undefined) ? closeWorks(db, found) : undefined;
      }
    }
    this.load(db).catch(() => undefined);
    return undefined;
  }

  /**
   * The search inside a transaction (shareFingerprintMemory): the works registered since the last
   * read are read through the transaction, as the query there would see them, and compared here
   * without being kept, since a row the transaction wrote itself may yet be rolled back. Undefined
   * (the database answers) while the memory is not loaded, after a stored hash changed, or with
   * more new works than one read brings.
   */
  private async closeInTransaction(trx: Kysely<DB>, phashesHex: readonly string[]): Promise<Map<string, number>[] | undefined> {
    if (!this.loaded) return undefined;
    const lastSeq = this.lastSeq;
    const { epoch, works } = await readFingerprintsAfter(trx, lastSeq, PAGE_ROWS);
    if (epoch !== this.epoch || works.length === PAGE_ROWS) return undefined;
    const closeHashes = phashesHex.map((phash) => this.hashes.close(phash));
    if (closeHashes.some((hashes) => hashes === undefined)) return undefined;
    const found = await closeWorks(trx, closeHashes as Map<string, number>[]);
    phashesHex.forEach((phash, i) => {
      for (const work of works) {
        if (work.seq <= lastSeq) continue;
        const distance = hammingDistance(work.phash, phash);
        if (distance <= NEAR_DUPLICATE_MAX_DISTANCE) found[i].set(work.id, distance);
      }
    });
    return found;
  }
}

/** The works holding each search's hashes found (hex -> distance), as submission id -> distance, with one read. */
async function closeWorks(db: Kysely<DB>, closeHashes: readonly Map<string, number>[]): Promise<Map<string, number>[]> {
  const works = await worksWithHashes(db, [...new Set(closeHashes.flatMap((hashes) => [...hashes.keys()]))]);
  return closeHashes.map(
    (hashes) => new Map(works.flatMap((work) => (hashes.has(work.phash) ? [[work.id, hashes.get(work.phash)!]] : []))),
  );
}

const memories = new WeakMap<Kysely<DB>, FingerprintMemory>();

/**
 * Starts loading the hashes registered in `db` into memory (once per `db`); closeFingerprints
 * answers from them once the load has ended. Rejects if the load fails: searches then stay
 * with the database.
 */
export function keepFingerprintsInMemory(db: Kysely<DB>): Promise<void> {
  let memory = memories.get(db);
  if (!memory) {
    memory = new FingerprintMemory();
    memories.set(db, memory);
  }
  return memory.load(db);
}

/** The memory started for `db`, if keepFingerprintsInMemory was called for it. */
export function fingerprintMemoryOf(db: Kysely<DB>): FingerprintMemory | undefined {
  return memories.get(db);
}

/**
 * Lets near-duplicate searches inside `trx`, a transaction of `db`, answer from `db`'s memory, and
 * returns `trx`. A transaction is an object of its own, so without this the search in a re-scoring
 * transaction (a link check, a rubric or identity run) went to the database: at a million works
 * about 3 ms of its CPU for each work re-scored.
 */
export function shareFingerprintMemory<T extends Kysely<DB>>(trx: T, db: Kysely<DB>): T {
  const memory = memories.get(db);
  if (memory) memories.set(trx, memory);
  return trx;
}
