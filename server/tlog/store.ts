// Appends registry events to the transparency log inside the caller's transaction, so an event
// and its leaf commit together or not at all. Leaf positions come from the database under a
// transaction-scoped advisory lock: several server processes sharing one PostgreSQL append in
// turn and never reuse or skip an index.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { buildLeaf, type LeafEvent } from './leaf';

// Any constant works; it names "the log's append lock" for every process.
const APPEND_LOCK_ID = 727_100_002;

export interface AppendedLeaf {
  leafIndex: number;
  leafHash: string;
  canonicalJson: string;
}

/** Must run inside a transaction (`db.transaction().execute(trx => …)`); the lock ends with it. */
export async function appendLogEvent(trx: Kysely<DB>, event: LeafEvent): Promise<AppendedLeaf> {
  const leaf = buildLeaf(event);
  await sql`SELECT pg_advisory_xact_lock(${APPEND_LOCK_ID})`.execute(trx);
  const next = await sql<{ n: string }>`SELECT coalesce(max(leaf_index) + 1, 0) AS n FROM tlog_leaves`.execute(trx);
  const leafIndex = Number(next.rows[0].n);
  await trx
    .insertInto('tlog_leaves')
    .values({
      leaf_index: leafIndex,
      leaf_hash: leaf.leafHashHex,
      canonical_json: leaf.canonicalJson,
      event_type: event.event,
      submission_id: event.submission_id,
      created_at: event.time,
    })
    .execute();
  return { leafIndex, leafHash: leaf.leafHashHex, canonicalJson: leaf.canonicalJson };
}

/** Number of leaves in the log now. */
export async function logSize(db: Kysely<DB>): Promise<number> {
  const row = await sql<{ n: string }>`SELECT count(*) AS n FROM tlog_leaves`.execute(db);
  return Number(row.rows[0].n);
}
