// The works holding given perceptual hashes: how the in-memory near-duplicate search
// (fingerprint-memory.ts), which keeps hashes but no ids, names the works it found. Read from
// image_fingerprints through its band-0 index (migration 019), which covers the hash and the work:
// at a million works a band value holds about 15 rows, so a few hashes cost a few index pages.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { asSignedBigint } from './fingerprint-bands';

/** Every work (live or not, as closeFingerprintsQuery) whose hash is one of `hashesHex` (16 hex digits each). */
export async function worksWithHashes(db: Kysely<DB>, hashesHex: readonly string[]): Promise<{ id: string; phash: string }[]> {
  if (hashesHex.length === 0) return [];
  const values = hashesHex.map(asSignedBigint);
  const band0 = hashesHex.map((hash) => Number.parseInt(hash.slice(0, 4), 16));
  // Written as migration 019's index expression, or the planner cannot use it.
  const { rows } = await sql<{ submission_id: string; hex: string }>`
    SELECT submission_id, lpad(to_hex(phash), 16, '0') AS hex FROM image_fingerprints
    WHERE ((phash >> 48) & 65535) = ANY(${band0}::bigint[]) AND phash = ANY(${values}::bigint[])`.execute(db);
  return rows.map((r) => ({ id: r.submission_id, phash: r.hex }));
}
