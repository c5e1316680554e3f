// Registering works, the part every registration path shares (the one-work POST /api/submissions
// and the seed's batches): under the registration lock the caller takes, the registry numbers,
// a 'created' transparency-log leaf per work and the rows that carry the leaf's index, in the
// caller's transaction, so a work never exists without its leaf. What a work is and how it is
// scored is the submissions feature's; the channel of the notice live views get at commit is
// defined here.
import type { Transaction } from 'kysely';
import type { DB, NewSubmission } from '../db/types';
import { leafRowsOf } from '../tlog/store';
import { insertWorksWithLeaves } from './works-repository';

export { lockImageHashes, lockRegistrationsAndDrawSeqs, preparedDrawOfOne } from './works-repository';

/**
 * NOTIFY channel signalled when a registration commits (the insert queues the notice; PostgreSQL
 * delivers a transaction's notices only if it commits); the realtime feature listens to it.
 */
export const WORK_REGISTERED_CHANNEL = 'work_registered';

/** A new work's row as decided by its registration; the log index is filled in here. */
export type RegisteredWorkRow = Omit<NewSubmission, 'log_index' | 'id' | 'registry_id' | 'image_hash' | 'created_at'> & {
  id: string;
  registry_id: string;
  image_hash: string;
  created_at: Date;
};

/**
 * Appends one 'created' leaf per work, in the order given, inserts the rows with their leaf's
 * index and queues each work's notice for live views, in one statement. Returns the leaf indexes
 * in the same order. The caller holds lockRegistrationsAndDrawSeqs's locks, the log's append
 * lock among them.
 */
export async function recordRegistrations(trx: Transaction<DB>, rows: readonly RegisteredWorkRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const leaves = leafRowsOf(
    rows.map((row) => ({
      registry_id: row.registry_id,
      submission_id: row.id,
      image_sha256: row.image_hash,
      event: 'created' as const,
      time: row.created_at,
    })),
  );
  const indexOf = await insertWorksWithLeaves(trx, rows, leaves, WORK_REGISTERED_CHANNEL);
  return rows.map((row) => indexOf.get(row.id)!);
}
