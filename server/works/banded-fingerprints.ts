// Perceptual hashes in memory, searched as the band indexes of migration 009 are: a close hash
// must be within a few bits of the searched one in at least one of its four 16-bit bands
// (fingerprint-bands.ts), so only the hashes filed under those band values are compared in full.
//
// Packed to 20 bytes a hash (issue 38: a process's copy must not cost more than 24 bytes a work;
// it was 72 with ids and four copies of every hash): the hashes themselves, as two 32-bit halves
// grouped by the value of band 0, are band 0's table (8 bytes); bands 1 to 3 each hold positions
// in it grouped by their own value (4 bytes each); each band has offsets per value (256 KB, fixed).
// No work ids are kept: a search returns the close hashes, and the caller reads their works from
// the database by hash (fingerprint-memory.ts); most searches, for a new image, find none.
//
// Hashes added since the tables were built sit in fixed-size chunks (growing never copies) and are
// compared one by one; once there are REINDEX_AFTER of them the next search starts a rebuild, in
// slices between which the event loop runs. A rebuild drops the old position tables first, so the
// memory never holds two copies of them, and searches answer undefined until it ends (the caller
// asks the database, as before the first load): at a million hashes that is a fraction of a second
// about every 16,000 registrations. Typed arrays only, so the garbage collector never walks them.
import { NEAR_DUPLICATE_MAX_DISTANCE, popcount32 } from '../image';
import { BAND_BITS, BAND_COUNT, bandProbes } from './fingerprint-bands';

/** Hashes added since the band tables were built that make a search start building them again. */
const REINDEX_AFTER = 16_384;
/** Hashes per chunk of the added ones (two 32-bit halves each: 128 KB a chunk). */
const CHUNK_HASHES = 16_384;
/** Hashes visited between two turns of the event loop while the tables are built (a few ms). */
const INDEX_SLICE = 65_536;
const BAND_VALUES = 2 ** BAND_BITS;

/** Band `band` of a hash held as two 32-bit halves; band 0 is the most significant 16 bits. */
function bandValue(hi: number, lo: number, band: number): number {
  const word = band < 2 ? hi : lo;
  return band % 2 === 0 ? word >>> 16 : word & 0xffff;
}

/** A hash's two halves as its 16 hex digits. */
function toHex(hi: number, lo: number): string {
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}

/** Hashes as halves side by side ([hi, lo, hi, lo, ...]) and how many of them are filled. */
interface HashRun {
  halves: Uint32Array;
  count: number;
}

/** Calls `visit` with every hash of `runs`, in order, letting the event loop run between slices. */
async function eachHash(runs: readonly HashRun[], visit: (hi: number, lo: number) => void): Promise<void> {
  let sinceYield = 0;
  for (const { halves, count } of runs) {
    for (let i = 0; i < count; i++) {
      visit(halves[2 * i], halves[2 * i + 1]);
      if (++sinceYield === INDEX_SLICE) {
        sinceYield = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  }
}

/** For each band value v, the entries filed under it are [offsets[v], offsets[v + 1]). */
function offsetsFromCounts(counts: Int32Array): Int32Array {
  const offsets = new Int32Array(BAND_VALUES + 1);
  for (let v = 0; v < BAND_VALUES; v++) offsets[v + 1] = offsets[v] + counts[v];
  return offsets;
}

export class BandedFingerprints {
  /** Band 0's table: every indexed hash's halves, grouped by band 0. */
  private byBand0: Uint32Array = new Uint32Array(0);
  /** Per band, offsets per band value; for bands 1 to 3 also positions in byBand0, grouped by that band. */
  private offsets: Int32Array[] = [];
  private positions: Uint32Array[] = [];
  private added: HashRun[] = [];
  private addedCount = 0;
  private total = 0;
  private building: Promise<void> | undefined;

  get size(): number {
    return this.total;
  }

  /** Bytes of memory the hashes and their tables take now (typed arrays only). */
  get heldBytes(): number {
    const arrays = [this.byBand0, ...this.offsets, ...this.positions, ...this.added.map((run) => run.halves)];
    return arrays.reduce((sum, array) => sum + array.byteLength, 0);
  }

  /** Adds a work's hash (16 hex digits). */
  add(phashHex: string): void {
    let last = this.added.at(-1);
    if (!last || last.count === CHUNK_HASHES) {
      last = { halves: new Uint32Array(2 * CHUNK_HASHES), count: 0 };
      this.added.push(last);
    }
    last.halves[2 * last.count] = Number.parseInt(phashHex.slice(0, 8), 16);
    last.halves[2 * last.count + 1] = Number.parseInt(phashHex.slice(8, 16), 16);
    last.count += 1;
    this.addedCount += 1;
    this.total += 1;
  }

  /**
   * Builds the band tables over every hash added so far (counting sorts, linear in the count), a
   * slice at a time: at a million hashes the whole build takes a few hundred milliseconds, which
   * the event loop must not wait for in one piece. Searches answer undefined until it ends.
   */
  index(): Promise<void> {
    this.building ??= this.buildTables().finally(() => {
      this.building = undefined;
    });
    return this.building;
  }

  private async buildTables(): Promise<void> {
    // Hashes added from now on wait for the next build.
    const sources: HashRun[] = [{ halves: this.byBand0, count: this.byBand0.length / 2 }, ...this.added];
    this.added = [];
    this.addedCount = 0;
    this.offsets = [];
    this.positions = [];
    const n = sources.reduce((sum, run) => sum + run.count, 0);

    const counts0 = new Int32Array(BAND_VALUES);
    await eachHash(sources, (hi) => (counts0[hi >>> 16] += 1));
    const offsets0 = offsetsFromCounts(counts0);
    const byBand0 = new Uint32Array(2 * n);
    const next0 = offsets0.slice(0, BAND_VALUES);
    await eachHash(sources, (hi, lo) => {
      const at = next0[hi >>> 16]++;
      byBand0[2 * at] = hi;
      byBand0[2 * at + 1] = lo;
    });
    this.byBand0 = byBand0;
    sources.length = 0;

    const table: HashRun[] = [{ halves: byBand0, count: n }];
    const offsets = [offsets0];
    const positions: Uint32Array[] = [];
    for (let band = 1; band < BAND_COUNT; band++) {
      const counts = new Int32Array(BAND_VALUES);
      await eachHash(table, (hi, lo) => (counts[bandValue(hi, lo, band)] += 1));
      const bandOffsets = offsetsFromCounts(counts);
      const next = bandOffsets.slice(0, BAND_VALUES);
      const bandPositions = new Uint32Array(n);
      let position = 0;
      await eachHash(table, (hi, lo) => (bandPositions[next[bandValue(hi, lo, band)]++] = position++));
      offsets.push(bandOffsets);
      positions.push(bandPositions);
    }
    this.offsets = offsets;
    this.positions = positions;
  }

  /**
   * The hashes within NEAR_DUPLICATE_MAX_DISTANCE bits of `phashHex` (hex -> distance), or
   * undefined while the tables are being built (ask the database).
   */
  close(phashHex: string): Map<string, number> | undefined {
    if (this.building) return undefined;
    const qHi = Number.parseInt(phashHex.slice(0, 8), 16);
    const qLo = Number.parseInt(phashHex.slice(8, 16), 16);
    const found = new Map<string, number>();
    const compare = (hi: number, lo: number) => {
      const distance = popcount32((hi ^ qHi) >>> 0) + popcount32((lo ^ qLo) >>> 0);
      if (distance <= NEAR_DUPLICATE_MAX_DISTANCE) found.set(toHex(hi, lo), distance);
    };
    const byBand0 = this.byBand0;
    if (this.offsets.length === BAND_COUNT) {
      bandProbes(phashHex).forEach((values, band) => {
        const offsets = this.offsets[band];
        const positions = band === 0 ? undefined : this.positions[band - 1];
        for (const value of values) {
          for (let at = offsets[value]; at < offsets[value + 1]; at++) {
            const p = positions ? positions[at] : at;
            compare(byBand0[2 * p], byBand0[2 * p + 1]);
          }
        }
      });
    }
    for (const { halves, count } of this.added) for (let i = 0; i < count; i++) compare(halves[2 * i], halves[2 * i + 1]);
    if (this.addedCount >= REINDEX_AFTER) void this.index();
    return found;
  }
}
