// Appends registry events to the transparency log inside the caller's transaction, so an event
// and its leaf commit together or not at all. Leaf positions come from the database under a
// transaction-scoped advisory lock: several server processes sharing one PostgreSQL append in
// turn and never reuse or skip an index.
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { buildLeaf, type LeafEvent } from './leaf';
import { insertLeavesAtEnd, type AppendOptions } from './log-repository';

export { logSize } from './log-repository';

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
export async function appendLogEvents(
  trx: Kysely<DB>,
  events: readonly LeafEvent[],
  options: AppendOptions = {},
): Promise<AppendedLeaf[]> {
  if (events.length === 0) return [];
  const leaves = events.map((event) => buildLeaf(event));
  const first = await insertLeavesAtEnd(
    trx,
    events.map((event, i) => ({
      leaf_hash: leaves[i].leafHashHex,
      canonical_json: leaves[i].canonicalJson,
      event_type: event.event,
      submission_id: event.submission_id,
      created_at: event.time,
    })),
    options,
  );
  return leaves.map((leaf, i) => ({ leafIndex: first + i, leafHash: leaf.leafHashHex, canonicalJson: leaf.canonicalJson }));
}
