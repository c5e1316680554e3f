// The reads and writes of the originals backfill (originals-backfill.ts): works registered before
// the registry kept crop-tolerant views (migration 017) and C2PA manifest stores (migration 015),
// found by having an original but no views, walked by id.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { RegionHash } from '../image';
import { asSignedBigint } from './fingerprint-bands';

export interface WorkToBackfill {
  id: string;
  original_key: string;
}

/**
 * The next `limit` works after `afterId` (by id) that have an original and no views. The walk
 * uses the primary key, and each anti-join one probe of image_region_hashes' primary key.
 */
export async function worksToBackfill(db: Kysely<DB>, afterId: string | null, limit: number): Promise<WorkToBackfill[]> {
  const rows = await sql<WorkToBackfill>`
    SELECT s.id, s.original_key FROM submissions s
    WHERE (${afterId}::uuid IS NULL OR s.id > ${afterId}::uuid)
      AND s.original_key IS NOT NULL AND s.purged_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM image_region_hashes r WHERE r.submission_id = s.id)
    ORDER BY s.id
    LIMIT ${limit}`.execute(db);
  return rows.rows;
}

/**
 * Adds a work's views straight to the lookup table: the work's row is not touched, so the
 * ledger's caches and counters see no change. Nothing is added once the work is purged (a purge
 * sets image_region_hashes, whose trigger clears the table for that work). Returns rows added.
 */
export async function addRegionHashes(db: Kysely<DB>, id: string, hashes: readonly RegionHash[]): Promise<number> {
  const signed = hashes.map((h) => asSignedBigint(h.hash));
  const result = await sql`
    INSERT INTO image_region_hashes (submission_id, kind, hash)
    SELECT ${id}::uuid, v.kind::"char", v.hash
    FROM unnest(${hashes.map((h) => h.kind)}::text[], ${signed}::bigint[]) AS v(kind, hash)
    WHERE EXISTS (SELECT 1 FROM submissions WHERE id = ${id}::uuid AND purged_at IS NULL)
    ON CONFLICT DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Keeps the manifest store a work's original carries, unless it has one or was purged. */
export async function addManifestStore(db: Kysely<DB>, id: string, store: Buffer): Promise<void> {
  await sql`
    INSERT INTO c2pa_manifest_stores (submission_id, bytes, sha256, byte_size)
    SELECT ${id}::uuid, ${store}::bytea, encode(sha256(${store}::bytea), 'hex'), octet_length(${store}::bytea)
    WHERE EXISTS (SELECT 1 FROM submissions WHERE id = ${id}::uuid AND purged_at IS NULL)
    ON CONFLICT (submission_id) DO NOTHING`.execute(db);
}
