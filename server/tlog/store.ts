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
  const [leaf] = await appendLogEvents(trx, [event]);
  return leaf;
}

/**
 * Appends events as consecutive leaves, in the order given, with one lock and one insert (the
 * seed command registers works in batches). Must run inside a transaction, like appendLogEvent.
 */
export async function appendLogEvents(trx: Kysely<DB>, events: readonly LeafEvent[]): Promise<AppendedLeaf[]> {
  if (events.length === 0) return [];
  const leaves = events.map((event) => buildLeaf(event));
  await sql`SELECT pg_advisory_xact_lock(${APPEND_LOCK_ID})`.execute(trx);
  const next = await sql<{ n: string }>`SELECT coalesce(max(leaf_index) + 1, 0) AS n FROM tlog_leaves`.execute(trx);
  const first = Number(next.rows[0].n);
  await trx
    .insertInto('tlog_leaves')
    .values(
      events.map((event, i) => ({
        leaf_index: first + i,
        leaf_hash: leaves[i].leafHashHex,
        canonical_json: leaves[i].canonicalJson,
        event_type: event.event,
        submission_id: event.submission_id,
        created_at: event.time,
      })),
    )
    .execute();
  return leaves.map((leaf, i) => ({ leafIndex: first + i, leafHash: leaf.leafHashHex, canonicalJson: leaf.canonicalJson }));
}

/** Number of leaves in the log now. */
export async function logSize(db: Kysely<DB>): Promise<number> {
  const row = await sql<{ n: string }>`SELECT count(*) AS n FROM tlog_leaves`.execute(db);
  return Number(row.rows[0].n);
}
