// Registering works, the part every registration path shares (the one-work POST /api/submissions
// and the seed's batches): under the registration lock the caller takes, the registry numbers,
// a 'created' transparency-log leaf per work and the rows that carry the leaf's index, in the
// caller's transaction, so a work never exists without its leaf. What a work is and how it is
// scored is the submissions feature's; the channel of the notice live views get at commit is
// defined here.
import type { NewSubmission } from '../db/types';
import { leafRowsOf } from '../tlog/store';
import { insertWorksWithLeaves } from './works-repository';
import type { LedgerWriter } from './ledger-transaction';
import type { WorkEvents } from './work-events';

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
 * lock among them. Each work's `work.registered` webhook event is queued with it (decision 0069).
 */
export async function recordRegistrations(
  trx: LedgerWriter,
  rows: readonly RegisteredWorkRow[],
  events: WorkEvents,
): Promise<number[]> {
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
  await events.queue(
    trx,
    rows.map((row) => ({ type: 'work.registered' as const, work: { id: row.id, registry_id: row.registry_id } })),
  );
  return rows.map((row) => indexOf.get(row.id)!);
}
