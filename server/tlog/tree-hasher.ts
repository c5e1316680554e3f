// Subtree hashes of a stored log, with the roots of complete subtrees memoised.
//
// A complete ("perfect") subtree — 2^j leaves starting at a multiple of 2^j — never changes
// once its last leaf exists, so its hash can be kept forever. Any range the proofs need
// (a proof's ranges, or [0, size) for a root) splits as RFC 9162 does into such subtrees
// plus a thin right edge. So after the first full pass, a new root or an inclusion proof costs
// O(log n) memoised hashes plus reading at most `minCachedSize` leaves per incomplete level,
// instead of reading and hashing the whole log (see the timings in the tlog report).
//
// Each call first PLANS which leaves it needs (walking down to memoised nodes), then reads
// them with as few range queries as possible, then hashes. Memory: one 32-byte hash per
// complete subtree of at least `minCachedSize` leaves, i.e. about 2n / minCachedSize hashes, and
// the hashes of the few hundred ragged ranges (the right edges of recent sizes) used last
// (ragged-memo.ts), so that proofs against one checkpoint hash its edge once.
//
// With a SubtreeStore (the database, log-tree.ts) the memo is also kept outside the process:
// before planning, the complete subtrees a call needs and does not know are asked of the store
// (one query per tree level the answer is missing at, usually one query in all), and those it
// then computes are written back. So a process that just started answers a proof or a root with
// O(log n) stored hashes instead of a pass over the whole log; only the first computation of a
// subtree, anywhere, reads its leaves.

import { hashChildren, splitPoint, type LeafRange } from './merkle';
import { RaggedMemo } from './ragged-memo';
import { SubtreeMemo } from './subtree-memo';

/** Returns the leaf hashes with indices start..end-1, in order. */
export type LeafHashReader = (start: number, end: number) => Promise<Uint8Array[]>;

/** Returns the leaf hashes of each of a few short ranges, in order: one read instead of one per range. */
export type LeafSpanReader = (ranges: ReadonlyArray<readonly [number, number]>) => Promise<Uint8Array[][]>;

/** A complete subtree: `size` (a power of two) leaves from `start` (a multiple of `size`). */
export interface SubtreeNode {
  start: number;
  size: number;
}

/** Keeps complete subtree hashes across processes and restarts. */
export interface SubtreeStore {
  /** The stored hashes among `nodes`, keyed by subtreeKey. */
  read(nodes: readonly SubtreeNode[]): Promise<Map<string, Uint8Array>>;
  /** Keeps newly computed hashes (complete subtrees only, so they never change). */
  write(nodes: readonly (SubtreeNode & { hash: Uint8Array })[]): Promise<void>;
}

export function subtreeKey(start: number, size: number): string {
  return `${start}:${size}`;
}

export interface TreeHasherOptions {
  /** Smallest complete subtree worth memoising; below it, leaves are read and hashed. */
  minCachedSize?: number;
  /** Largest number of leaves fetched by one read call. */
  readChunk?: number;
  /** Where memoised hashes are also read from and written to. */
  store?: SubtreeStore;
  /** Reads a call's leaves in one go when they are few (a proof's); without it, range by range. */
  readSpans?: LeafSpanReader;
  /** Most leaves one call holds at once (a power of two; see DEFAULT_PIECE_LEAVES). */
  pieceLeaves?: number;
}

// 16: a proof then reads at most 15 leaves at the log's edge and the 16 of its own block, and
// hashes about as many; at 1,000,000 leaves the memo holds about 125,000 hashes (4 MB of digests),
// and tlog_subtrees as many rows. With 256 a proof read up to 510 leaves and served 2.2 times fewer
// proofs a second (bench:scale at 20,000 works).
const DEFAULT_MIN_CACHED = 16;
const DEFAULT_READ_CHUNK = 8192;
/** Leaf reads in flight at once for one call. */
const FETCH_CONCURRENCY = 4;
/** At most this many leaves are read in one go by `readSpans`. */
const SPAN_READ_MAX = 512;
/**
 * A range longer than this is hashed piece by piece first: each complete subtree of this many
 * leaves inside it is hashed (and memoised and stored) on its own, so one call never holds more
 * than this many leaves. Without it, the first root over a log grown in bulk (a million leaves
 * and no stored subtree) read every leaf into one map: a server peaked at 747 MB (issue 38). With
 * pieces of 65,536 leaves it peaked at 451 MB, with 8,192 (one read each) at 376 MB, 17 s in all.
 */
const DEFAULT_PIECE_LEAVES = 8_192;

// Arithmetic, not bit operations, so sizes past 2^31 stay correct.
function isPowerOfTwo(x: number): boolean {
  if (!Number.isSafeInteger(x) || x < 1) return false;
  while (x % 2 === 0) x /= 2;
  return x === 1;
}

export class TreeHasher {
  private readonly memo = new SubtreeMemo();
  /** Recent ranges that are not complete subtrees (the log's right edge): see ragged-memo.ts. */
  private readonly ragged = new RaggedMemo();
  private readonly minCachedSize: number;
  private readonly readChunk: number;
  private readonly store: SubtreeStore | undefined;
  private readonly readSpans: LeafSpanReader | undefined;
  private readonly pieceLeaves: number;

  constructor(
    private readonly read: LeafHashReader,
    options: TreeHasherOptions = {},
  ) {
    this.minCachedSize = options.minCachedSize ?? DEFAULT_MIN_CACHED;
    this.readChunk = options.readChunk ?? DEFAULT_READ_CHUNK;
    this.store = options.store;
    this.readSpans = options.readSpans;
    this.pieceLeaves = options.pieceLeaves ?? DEFAULT_PIECE_LEAVES;
    if (!isPowerOfTwo(this.minCachedSize)) throw new RangeError('minCachedSize must be a power of two');
    if (!isPowerOfTwo(this.pieceLeaves) || this.pieceLeaves < this.minCachedSize)
      throw new RangeError('pieceLeaves must be a power of two, at least minCachedSize');
    if (!Number.isSafeInteger(this.readChunk) || this.readChunk < 1) throw new RangeError('readChunk must be a positive integer');
  }

  /** The level (log2 of the size) of the smallest subtrees memoised. */
  get minCachedLevel(): number {
    return Math.round(Math.log2(this.minCachedSize));
  }

  /** Number of memoised subtree hashes (for tests and measurements). */
  get memoised(): number {
    return this.memo.size;
  }

  /** Memoises hashes known to be right (read from the store ahead of any call that needs them). */
  remember(nodes: Iterable<SubtreeNode & { hash: Uint8Array }>): void {
    for (const node of nodes) {
      const level = this.levelOf(node.start, node.start + node.size);
      if (level < 0) throw new RangeError(`Not a memoisable subtree: ${node.size} leaves from ${node.start}`);
      this.memo.set(level, node.start / node.size, node.hash);
    }
  }

  /**
   * The leaves hashing `ranges` needs whatever the memo holds (a proof's own block, the log's
   * ragged right edge unless its hash is kept), merged where adjacent: a caller reading other
   * rows of the same table can read these with them and pass them to hashRanges.
   */
  leavesAlwaysRead(ranges: readonly LeafRange[]): Array<[number, number]> {
    checkRanges(ranges);
    const certain: Array<[number, number]> = [];
    for (const [start, end] of ranges) this.plan(start, end, certain, true);
    return certain;
  }

  /**
   * MTH(D[start:end]) for each range, in order. Every range must lie inside the stored log.
   * `given` holds leaf hashes the caller has read already (see leavesAlwaysRead); they are not
   * read again.
   */
  async hashRanges(ranges: readonly LeafRange[], given?: ReadonlyMap<number, Uint8Array>): Promise<Uint8Array[]> {
    checkRanges(ranges);
    for (const [start, end] of ranges)
      if (end - start > this.pieceLeaves && !this.known(start, end)) await this.hashPieces(start, end);
    // The leaves no memoised subtree can stand in for are read while the store is asked for
    // the rest: one round trip, not two.
    const certain = this.leavesAlwaysRead(ranges);
    const [, leaves] = await Promise.all([
      this.store && this.loadStored(ranges, this.store),
      this.fetch(given ? unread(certain, given) : certain),
    ]);
    if (given) for (const [index, hash] of given) leaves.set(index, hash);
    const needed: Array<[number, number]> = [];
    for (const [start, end] of ranges) this.plan(start, end, needed, false);
    for (const [index, hash] of await this.fetch(unread(needed, leaves))) leaves.set(index, hash);
    const computed: Array<SubtreeNode & { hash: Uint8Array }> = [];
    const hashes = ranges.map(([start, end]) => this.compute(start, end, leaves, computed));
    if (this.store && computed.length > 0) await this.store.write(computed);
    return hashes;
  }

  /** Hashes, one after another, each complete pieceLeaves-leaf subtree inside [start, end) not memoised yet. */
  private async hashPieces(start: number, end: number): Promise<void> {
    const size = this.pieceLeaves;
    for (let piece = Math.ceil(start / size) * size; piece + size <= end; piece += size) {
      if (!this.known(piece, piece + size)) await this.hashRange(piece, piece + size);
    }
  }

  /**
   * Moves into the memo every stored hash the ranges can use: first the largest complete
   * subtrees they split into; where one is not stored, its two halves next round, and so on
   * down to `minCachedSize`.
   */
  private async loadStored(ranges: readonly LeafRange[], store: SubtreeStore): Promise<void> {
    const absent = new Set<string>();
    for (;;) {
      const unknownByKey = new Map<string, SubtreeNode>();
      for (const [start, end] of ranges) this.unknownNodes(start, end, absent, unknownByKey);
      if (unknownByKey.size === 0) return;
      const unknown = [...unknownByKey.values()];
      const found = await store.read(unknown);
      for (const node of unknown) {
        const key = subtreeKey(node.start, node.size);
        const hash = found.get(key);
        if (hash) this.remember([{ ...node, hash }]);
        else absent.add(key);
      }
    }
  }

  /** Appends to `out` the largest memoisable subtrees of [start, end) neither memoised nor known absent. */
  private unknownNodes(start: number, end: number, absent: ReadonlySet<string>, out: Map<string, SubtreeNode>): void {
    if (this.known(start, end)) return;
    const key = this.levelOf(start, end) >= 0 ? subtreeKey(start, end - start) : undefined;
    if (key && !absent.has(key)) {
      out.set(key, { start, size: end - start });
      return;
    }
    if (end - start <= this.minCachedSize) return;
    const k = splitPoint(end - start);
    this.unknownNodes(start, start + k, absent, out);
    this.unknownNodes(start + k, end, absent, out);
  }

  async hashRange(start: number, end: number): Promise<Uint8Array> {
    return (await this.hashRanges([[start, end]]))[0];
  }

  /** The level of [start, end) when it is a complete subtree worth memoising, else -1. */
  private levelOf(start: number, end: number): number {
    const size = end - start;
    return size >= this.minCachedSize && isPowerOfTwo(size) && start % size === 0 ? Math.round(Math.log2(size)) : -1;
  }

  /** The memoised hash of [start, end): a complete subtree's, or a recent ragged range's. */
  private known(start: number, end: number): Uint8Array | undefined {
    const level = this.levelOf(start, end);
    if (level >= 0) return this.memo.get(level, start / (end - start));
    // Not a complete subtree: ragged when longer than the smallest memoised one (isRagged).
    return end - start > this.minCachedSize ? this.ragged.get(start, end) : undefined;
  }

  /**
   * Whether [start, end) is a range the ragged memo keeps: longer than the smallest memoised
   * subtree and not a complete subtree (the log's right edge above its loose leaves). The short
   * ranges inside a block, which every proof hashes, would only push the edges out of it.
   */
  private isRagged(start: number, end: number): boolean {
    return end - start > this.minCachedSize && this.levelOf(start, end) < 0;
  }

  /**
   * Appends to `out` the leaf ranges (merged when adjacent) needed to hash [start, end). With
   * `assumeMemoised`, every memoisable subtree counts as known: only leaves that are needed
   * whatever the memo holds.
   */
  private plan(start: number, end: number, out: Array<[number, number]>, assumeMemoised: boolean): void {
    if ((assumeMemoised && this.levelOf(start, end) >= 0) || this.known(start, end)) return;
    if (end - start <= this.minCachedSize) {
      const last = out[out.length - 1];
      if (last && last[1] === start) last[1] = end;
      else out.push([start, end]);
      return;
    }
    const k = splitPoint(end - start);
    this.plan(start, start + k, out, assumeMemoised);
    this.plan(start + k, end, out, assumeMemoised);
  }

  /**
   * Reads the planned leaf ranges: in one go when they are few (a proof's), else a few chunks at
   * a time, so a first pass over a large log never has more than FETCH_CONCURRENCY in flight.
   */
  private async fetch(ranges: Array<[number, number]>): Promise<Map<number, Uint8Array>> {
    const leaves = new Map<number, Uint8Array>();
    const keep = (from: number, to: number, hashes: Uint8Array[]) => {
      if (hashes.length !== to - from) throw new Error(`Leaf reader returned ${hashes.length} leaves for range [${from}, ${to})`);
      hashes.forEach((h, i) => leaves.set(from + i, h));
    };
    if (ranges.length === 0) return leaves;
    const count = ranges.reduce((n, [start, end]) => n + end - start, 0);
    if (this.readSpans && count <= SPAN_READ_MAX) {
      const spans = await this.readSpans(ranges);
      ranges.forEach(([from, to], i) => keep(from, to, spans[i] ?? []));
      return leaves;
    }
    const chunks: Array<[number, number]> = [];
    for (const [start, end] of ranges) {
      for (let from = start; from < end; from += this.readChunk) chunks.push([from, Math.min(end, from + this.readChunk)]);
    }
    let next = 0;
    const reader = async () => {
      while (next < chunks.length) {
        const [from, to] = chunks[next++];
        keep(from, to, await this.read(from, to));
      }
    };
    await Promise.all(Array.from({ length: Math.min(FETCH_CONCURRENCY, chunks.length) }, reader));
    return leaves;
  }

  /** MTH(D[start:end]); memoises, and appends to `computed`, each complete subtree it hashes. */
  private compute(
    start: number,
    end: number,
    leaves: Map<number, Uint8Array>,
    computed: Array<SubtreeNode & { hash: Uint8Array }>,
  ): Uint8Array {
    if (end - start === 1) {
      const leaf = leaves.get(start);
      if (!leaf) throw new Error(`Leaf ${start} was not read`);
      return leaf;
    }
    const known = this.known(start, end);
    if (known) return known;
    const k = splitPoint(end - start);
    const hash = hashChildren(this.compute(start, start + k, leaves, computed), this.compute(start + k, end, leaves, computed));
    const level = this.levelOf(start, end);
    if (level >= 0) {
      this.memo.set(level, start / (end - start), hash);
      computed.push({ start, size: end - start, hash });
    } else if (this.isRagged(start, end)) {
      this.ragged.set(start, end, hash);
    }
    return hash;
  }
}

function checkRanges(ranges: readonly LeafRange[]): void {
  for (const [start, end] of ranges) {
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end <= start) {
      throw new RangeError(`Invalid leaf range [${start}, ${end})`);
    }
  }
}

/** The parts of `ranges` whose leaves are not in `leaves` yet. */
function unread(ranges: ReadonlyArray<readonly [number, number]>, leaves: ReadonlyMap<number, Uint8Array>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [start, end] of ranges) {
    for (let i = start; i < end; i++) {
      if (leaves.has(i)) continue;
      const last = out[out.length - 1];
      if (last && last[1] === i) last[1] = i + 1;
      else out.push([i, i + 1]);
    }
  }
  return out;
}
