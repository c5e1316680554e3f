// Appends registry events to the transparency log inside the caller's transaction, so an event
// and its leaf commit together or not at all. Leaf positions come from the database under a
// transaction-scoped advisory lock: several server processes sharing one PostgreSQL append in
// turn and never reuse or skip an index.
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { buildLeaf, type LeafEvent } from './leaf';
import { insertLeavesAtEnd, type AppendOptions, type NewLeafRow } from './log-repository';

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

/** The leaf rows of `events`, in order, ready for insertLeavesAtEnd or leavesAtEndInsert. */
export function leafRowsOf(events: readonly LeafEvent[]): (NewLeafRow & { leaf_hash: string; canonical_json: string })[] {
  return events.map((event) => {
    const leaf = buildLeaf(event);
    return {
      leaf_hash: leaf.leafHashHex,
      canonical_json: leaf.canonicalJson,
      event_type: event.event,
      submission_id: event.submission_id,
      created_at: event.time,
    };
  });
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
  const rows = leafRowsOf(events);
  const first = await insertLeavesAtEnd(trx, rows, options);
  return rows.map((row, i) => ({ leafIndex: first + i, leafHash: row.leaf_hash, canonicalJson: row.canonical_json }));
}
