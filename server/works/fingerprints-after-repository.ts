// The read that keeps a process's copy of the perceptual hashes (fingerprint-memory.ts) in step:
// the works registered after a registry number, in registry order, with the fingerprint epoch
// (migration 021) read in the same statement, so the two describe one moment.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';

export interface FingerprintsAfter {
  /** fingerprint_epoch: moves when a stored hash changes or goes. */
  epoch: string;
  works: { seq: number; id: string; phash: string }[];
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
