// Works and log events written the way the registry writes them: the event's leaf is appended
// in the same transaction that records it (here: the work's log_index).
import type { Kysely } from 'kysely';
import type { DB } from '../../../server/db/types';
import { appendLogEvent } from '../../../server/tlog/store';
import type { LeafEventType } from '../../../server/tlog/leaf';
import { insertWork, type WorkOverrides } from '../../helpers/factories';

export interface LoggedWork {
  id: string;
  registry_id: string;
  image_hash: string;
  created_at: Date;
  leafIndex: number;
}

/** A work (public unless overridden) with its 'created' leaf; submissions.log_index points at it. */
export async function insertLoggedWork(db: Kysely<DB>, overrides: WorkOverrides = {}): Promise<LoggedWork> {
  const { id, registry_id } = await insertWork(db, overrides);
  const row = await db.selectFrom('submissions').select(['image_hash', 'created_at']).where('id', '=', id).executeTakeFirstOrThrow();
  if (!row.image_hash) throw new Error('A logged work needs an image hash');
  const imageHash = row.image_hash;
  const leafIndex = await db.transaction().execute(async (trx) => {
    const leaf = await appendLogEvent(trx, {
      registry_id,
      submission_id: id,
      image_sha256: imageHash,
      event: 'created',
      time: row.created_at,
    });
    await trx.updateTable('submissions').set({ log_index: leaf.leafIndex }).where('id', '=', id).execute();
    return leaf.leafIndex;
  });
  return { id, registry_id, image_hash: imageHash, created_at: row.created_at, leafIndex };
}

/** Appends a later event (soft delete, restore, purge) about a logged work; returns its leaf index. */
export async function logWorkEvent(db: Kysely<DB>, work: LoggedWork, event: LeafEventType, time: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const leaf = await appendLogEvent(trx, {
      registry_id: work.registry_id,
      submission_id: work.id,
      image_sha256: work.image_hash,
      event,
      time,
    });
    return leaf.leafIndex;
  });
}
