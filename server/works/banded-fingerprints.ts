// Perceptual hashes in memory, searched as the band indexes of migration 009 are: a close hash
// must be within a few bits of the searched one in at least one of its four 16-bit bands
// (fingerprint-bands.ts), so only the hashes filed under those band values are compared in full.
// Each band is a table of every hash sorted by that band's value (offsets per value, then the
// hashes themselves side by side), so a search reads a few hundred short runs of memory rather
// than chasing thousands of scattered entries. Hashes added since the tables were last built are
// compared one by one; once there are REINDEX_AFTER of them the tables are built again, in slices
// between which the event loop runs. Typed arrays only, so the garbage collector never walks
// them: about 72 bytes a hash.
import { NEAR_DUPLICATE_MAX_DISTANCE, popcount32 } from '../image';
import { BAND_BITS, BAND_COUNT, bandProbes } from './fingerprint-bands';

const UUID_BYTES = 16;

function grown<T extends Uint32Array | Int32Array | Uint8Array>(array: T, length: number): T {
  const bigger = new (array.constructor as new (n: number) => T)(length);
  bigger.set(array);
  return bigger;
}

function uuidToBytes(id: string, into: Uint8Array, at: number): void {
  const hex = id.replace(/-/g, '');
  for (let i = 0; i < UUID_BYTES; i++) into[at + i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
}

function bytesToUuid(from: Uint8Array, at: number): string {
  const hex = Buffer.from(from.buffer, from.byteOffset + at, UUID_BYTES).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Hashes added since the band tables were built that make a search start building them again. */
const REINDEX_AFTER = 16_384;
/** Hashes visited between two turns of the event loop while the tables are built (a few ms). */
const INDEX_SLICE = 65_536;
const BAND_VALUES = 2 ** BAND_BITS;

/** One band's table: for value v, its hashes are pairs [offsets[v], offsets[v + 1]). */
interface BandTable {
  offsets: Int32Array;
  /** hi, lo of each hash, in band-value order. */
  pairs: Uint32Array;
  /** The entry each pair came from (for its id). */
  entries: Int32Array;
}

/** Band `band` of a hash held as two 32-bit halves; band 0 is the most significant 16 bits. */
function bandValue(hi: number, lo: number, band: number): number {
  const word = band < 2 ? hi : lo;
  return band % 2 === 0 ? word >>> 16 : word & 0xffff;
}

export class BandedFingerprints {
  private count = 0;
  private capacity = 1024;
  private hi = new Uint32Array(this.capacity);
  private lo = new Uint32Array(this.capacity);
  private ids = new Uint8Array(this.capacity * UUID_BYTES);
  /** Entries below this are in the band tables; the rest are compared one by one. */
  private indexed = 0;
  private tables: BandTable[] = [];
  private indexing: Promise<void> | undefined;

  get size(): number {
    return this.count;
  }

  /** Adds a work's hash (16 hex digits); `id` is its UUID in the canonical lower-case form. */
  add(id: string, phashHex: string): void {
    if (this.count === this.capacity) {
      this.capacity *= 2;
      this.hi = grown(this.hi, this.capacity);
      this.lo = grown(this.lo, this.capacity);
      this.ids = grown(this.ids, this.capacity * UUID_BYTES);
    }
    const entry = this.count++;
    this.hi[entry] = Number.parseInt(phashHex.slice(0, 8), 16);
    this.lo[entry] = Number.parseInt(phashHex.slice(8, 16), 16);
    uuidToBytes(id, this.ids, entry * UUID_BYTES);
  }

  /**
   * Builds the band tables over every hash added so far (a counting sort per band, linear in the
   * count), a slice at a time: at a million hashes the whole build takes about 150 ms, which the
   * event loop must not wait for in one piece. Searches meanwhile use the tables built before.
   */
  index(): Promise<void> {
    this.indexing ??= this.buildTables().finally(() => {
      this.indexing = undefined;
    });
    return this.indexing;
  }

  private async buildTables(): Promise<void> {
    const n = this.count;
    // Entries below n keep their values when the arrays grow, so reading this.hi / this.lo afresh
    // in each slice is safe.
    const eachSlice = async (visit: (i: number) => void) => {
      for (let from = 0; from < n; from += INDEX_SLICE) {
        for (let i = from, to = Math.min(n, from + INDEX_SLICE); i < to; i++) visit(i);
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const tables: BandTable[] = [];
    for (let band = 0; band < BAND_COUNT; band++) {
      const offsets = new Int32Array(BAND_VALUES + 1);
      await eachSlice((i) => (offsets[bandValue(this.hi[i], this.lo[i], band) + 1] += 1));
      for (let v = 0; v < BAND_VALUES; v++) offsets[v + 1] += offsets[v];
      const next = offsets.slice(0, BAND_VALUES);
      const pairs = new Uint32Array(2 * n);
      const entries = new Int32Array(n);
      await eachSlice((i) => {
        const at = next[bandValue(this.hi[i], this.lo[i], band)]++;
        pairs[2 * at] = this.hi[i];
        pairs[2 * at + 1] = this.lo[i];
        entries[at] = i;
      });
      tables.push({ offsets, pairs, entries });
    }
    this.tables = tables;
    this.indexed = n;
  }

  /** Works whose hash is within NEAR_DUPLICATE_MAX_DISTANCE bits of `phashHex`: id -> distance. */
  close(phashHex: string): Map<string, number> {
    if (this.count - this.indexed >= REINDEX_AFTER) void this.index();
    const qHi = Number.parseInt(phashHex.slice(0, 8), 16);
    const qLo = Number.parseInt(phashHex.slice(8, 16), 16);
    const found = new Map<number, number>();
    const distanceTo = (hi: number, lo: number) => popcount32((hi ^ qHi) >>> 0) + popcount32((lo ^ qLo) >>> 0);
    if (this.tables.length > 0) {
      bandProbes(phashHex).forEach((values, band) => {
        const { offsets, pairs, entries } = this.tables[band];
        for (const value of values) {
          for (let at = offsets[value]; at < offsets[value + 1]; at++) {
            const distance = distanceTo(pairs[2 * at], pairs[2 * at + 1]);
            if (distance <= NEAR_DUPLICATE_MAX_DISTANCE) found.set(entries[at], distance);
          }
        }
      });
    }
    for (let entry = this.indexed; entry < this.count; entry++) {
      const distance = distanceTo(this.hi[entry], this.lo[entry]);
      if (distance <= NEAR_DUPLICATE_MAX_DISTANCE) found.set(entry, distance);
    }
    return new Map([...found].map(([entry, distance]) => [bytesToUuid(this.ids, entry * UUID_BYTES), distance]));
  }
}
