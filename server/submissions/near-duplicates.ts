// Finding earlier works of other artists whose perceptual hash is close to a new image's.
// Two implementations with the same answers: SQL over the submissions table (the server), and
// an in-memory index for the seed command's batches (registry-index.ts), because a full-table
// scan per work makes seeding 100,000 works quadratic. tests/integration/submissions/
// near-duplicates.test.ts checks they agree.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { NEAR_DUPLICATE_MAX_DISTANCE } from './image';

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

const MAX_RESULTS = 20;

/** Hamming distance computed by the database (bit_count needs PostgreSQL 14+; PGlite has it). */
export async function findNearDuplicates(db: Kysely<DB>, q: NearDuplicateQuery): Promise<NearDuplicate[]> {
  const before = q.beforeSeq === undefined ? sql`` : sql`AND registry_seq < ${q.beforeSeq}`;
  const result = await sql<{ id: string; distance: number }>`
    SELECT id, distance FROM (
      SELECT id, registry_seq, bit_count(('x' || image_phash)::bit(64) # ('x' || ${q.phash})::bit(64))::int AS distance
      FROM submissions
      WHERE image_phash IS NOT NULL AND deleted_at IS NULL AND purged_at IS NULL
        AND lower(artist_name) <> lower(${q.artistName})
        AND image_hash IS DISTINCT FROM ${q.imageHash}
        ${before}
    ) candidates
    WHERE distance <= ${NEAR_DUPLICATE_MAX_DISTANCE}
    ORDER BY distance, registry_seq
    LIMIT ${MAX_RESULTS}`.execute(db);
  return result.rows.map((r) => ({ id: r.id, distance: Number(r.distance) }));
}

function popcount32(n: number): number {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

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
      return found.slice(0, MAX_RESULTS).map(({ id, distance }) => ({ id, distance }));
    },
  };
}
