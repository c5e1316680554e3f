// The read that keeps a process's copy of the perceptual hashes (fingerprint-memory.ts) in step:
// the works registered after a registry number, in registry order, with the fingerprint epoch
// (migration 021) read in the same statement, so the two describe one moment.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';

/** Hex digits of a registry number in a packed page (twelve: numbers up to 2^48). */
export const PACKED_SEQ_DIGITS = 12;
/** Hex digits of a perceptual hash (the column's CHECK). */
export const PACKED_PHASH_DIGITS = 16;
/** Characters of one work in a packed page: its registry number, then its hash. */
export const PACKED_ROW_CHARS = PACKED_SEQ_DIGITS + PACKED_PHASH_DIGITS;

export interface PackedFingerprintsAfter {
  epoch: string;
  /** Works in `packed`. */
  count: number;
  /** Per work, in registry order: its registry number in hex (PACKED_SEQ_DIGITS), then its hash (PACKED_PHASH_DIGITS). */
  packed: string;
}

export interface FingerprintsAfter {
  /** fingerprint_epoch: moves when a stored hash changes or goes. */
  epoch: string;
  works: { seq: number; id: string; phash: string }[];
}

/**
 * readFingerprintsAfter's works without their ids, as one string: what the memory keeps. Read as
 * objects (registry number, id and hash of each work), a starting process at a million works had
 * 148 MB of old generation in use during the load; as one string a page, 65-88 MB (measured on
 * the bench's database; what is left is collected after start-up, start-up-garbage.ts).
 */
export async function readPackedFingerprintsAfter(db: Kysely<DB>, afterSeq: number, limit: number): Promise<PackedFingerprintsAfter> {
  const { rows } = await sql<{ epoch: string; count: number; packed: string }>`
    SELECT e.n AS epoch, count(s.registry_seq)::int AS count,
      coalesce(string_agg(lpad(to_hex(s.registry_seq), ${PACKED_SEQ_DIGITS}, '0') || s.image_phash, '' ORDER BY s.registry_seq), '') AS packed
    FROM fingerprint_epoch e LEFT JOIN LATERAL (
      SELECT registry_seq, image_phash FROM submissions
      WHERE registry_seq > ${afterSeq} AND image_phash IS NOT NULL
      ORDER BY registry_seq LIMIT ${limit}
    ) s ON true
    GROUP BY e.n`.execute(db);
  return { epoch: rows[0].epoch, count: Number(rows[0].count), packed: rows[0].packed };
}

/** At most `limit` works with a hash registered after `afterSeq`, in registry order. */
export async function readFingerprintsAfter(db: Kysely<DB>, afterSeq: number, limit: number): Promise<FingerprintsAfter> {
  const { rows } = await sql<{ epoch: string; registry_seq: string | null; id: string; image_phash: string }>`
    SELECT e.n AS epoch, s.registry_seq, s.id, s.image_phash
    FROM fingerprint_epoch e LEFT JOIN LATERAL (
      SELECT registry_seq, id, image_phash FROM submissions
      WHERE registry_seq > ${afterSeq} AND image_phash IS NOT NULL
      ORDER BY registry_seq LIMIT ${limit}
    ) s ON true`.execute(db);
  return {
    epoch: rows[0].epoch,
    works: rows.filter((r) => r.registry_seq !== null).map((r) => ({ seq: Number(r.registry_seq), id: r.id, phash: r.image_phash })),
  };
}
