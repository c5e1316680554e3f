// Finding earlier works of other artists whose perceptual hash is close to a new image's.
// Two implementations with the same answers: SQL over the fingerprint table and submissions (the
// server; findNearDuplicates in registry-evidence-repository.ts), and the in-memory index here
// for the seed command's batches (registry-index.ts), because a table scan per work makes
// seeding 100,000 works quadratic. tests/integration/submissions/near-duplicates.test.ts checks
// they agree.
import { NEAR_DUPLICATE_MAX_DISTANCE, popcount32 } from '../image';

export interface NearDuplicateQuery {
  phash: string;
  artistName: string;
  /** SHA-256 of the new image: exact copies are reported as duplicates, not near ones. */
  imageHash: string;
  /** Only works with a smaller registry number count (re-scoring an existing work). */
  beforeSeq?: number;
}

export interface NearDuplicate {
  id: string;
  distance: number;
}

/** The most near copies reported for one work. */
export const MAX_NEAR_DUPLICATES = 20;

/**
 * In-memory index for one process that registers works in registry order (the seed command):
 * told about each work with `add`, it answers `findNearDuplicates` for a new work.
 */
export function createMemoryNearDuplicateIndex() {
  let capacity = 1024;
  let count = 0;
  let hi = new Uint32Array(capacity);
  let lo = new Uint32Array(capacity);
  let seqs = new Float64Array(capacity);
  const ids: string[] = [];
  const artists: string[] = [];
  const hashes: string[] = [];

  function grow() {
    capacity *= 2;
    const [h, l, s] = [new Uint32Array(capacity), new Uint32Array(capacity), new Float64Array(capacity)];
    h.set(hi);
    l.set(lo);
    s.set(seqs);
    [hi, lo, seqs] = [h, l, s];
  }

  return {
    add(work: { id: string; seq: number; phash: string; artistName: string; imageHash: string }): void {
      if (count === capacity) grow();
      hi[count] = Number.parseInt(work.phash.slice(0, 8), 16);
      lo[count] = Number.parseInt(work.phash.slice(8, 16), 16);
      seqs[count] = work.seq;
      ids.push(work.id);
      artists.push(work.artistName.toLowerCase());
      hashes.push(work.imageHash);
      count += 1;
    },
    /** Among works added so far (all registered before the new one). */
    nearest(q: Omit<NearDuplicateQuery, 'beforeSeq'>): NearDuplicate[] {
      const qHi = Number.parseInt(q.phash.slice(0, 8), 16);
      const qLo = Number.parseInt(q.phash.slice(8, 16), 16);
      const artist = q.artistName.toLowerCase();
      const found: { id: string; distance: number; seq: number }[] = [];
      for (let i = 0; i < count; i++) {
        const distance = popcount32((hi[i] ^ qHi) >>> 0) + popcount32((lo[i] ^ qLo) >>> 0);
        if (distance > NEAR_DUPLICATE_MAX_DISTANCE) continue;
        if (artists[i] === artist || hashes[i] === q.imageHash) continue;
        found.push({ id: ids[i], distance, seq: seqs[i] });
      }
      found.sort((a, b) => a.distance - b.distance || a.seq - b.seq);
      return found.slice(0, MAX_NEAR_DUPLICATES).map(({ id, distance }) => ({ id, distance }));
    },
  };
}
