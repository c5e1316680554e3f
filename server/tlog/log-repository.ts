// SQL of the transparency log's read side: leaves, checkpoints, and the public work → leaf map.
// bigint columns arrive as strings from pg; they are converted here, so callers see numbers.
import { sql, type Insertable, type Kysely, type QueryCreator, type SqlBool } from 'kysely';
import type { DB, TlogLeavesTable } from '../db/types';
import { isUuid } from '../../core/ids';
import { fromHex } from './hex';

export interface StoredCheckpoint {
  treeSize: number;
  /** Lowercase hex. */
  rootHash: string;
  /** The signed note, as served at /api/log/checkpoint. */
  note: string;
}

export interface LogEntry {
  leaf_index: number;
  leaf_hash: string;
  canonical_json: string;
  event_type: string;
  created_at: string;
}

/** Every leaf index of the ranges [start, end), in order. */
function indexesIn(ranges: ReadonlyArray<readonly [number, number]>): number[] {
  return ranges.flatMap(([start, end]) => Array.from({ length: end - start }, (_, i) => start + i));
}

function toLogEntry(row: {
  leaf_index: string;
  leaf_hash: string;
  canonical_json: string;
  event_type: string;
  created_at: Date | string;
}): LogEntry {
  return {
    leaf_index: Number(row.leaf_index),
    leaf_hash: row.leaf_hash,
    canonical_json: row.canonical_json,
    event_type: row.event_type,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** One column of leaves start..end-1, in order; throws if any leaf is missing (the log must have no gaps). */
async function readLeafColumn(db: Kysely<DB>, column: 'leaf_hash' | 'canonical_json', start: number, end: number): Promise<string[]> {
  const rows = await db
    .selectFrom('tlog_leaves')
    .select((eb) => ['leaf_index', eb.ref(column).as('value')])
    .where('leaf_index', '>=', String(start))
    .where('leaf_index', '<', String(end))
    .orderBy('leaf_index')
    .execute();
  return rows.map((row, i) => {
    if (Number(row.leaf_index) !== start + i) throw new Error(`Transparency log has no leaf ${start + i}`);
    return row.value;
  });
}

/** Leaf hashes start..end-1 in order. */
export async function readLeafHashes(db: Kysely<DB>, start: number, end: number): Promise<Uint8Array[]> {
  return (await readLeafColumn(db, 'leaf_hash', start, end)).map(fromHex);
}

/** Leaf hashes of each of a few short ranges [start, end), in order, read in one query. */
export async function readLeafHashSpans(db: Kysely<DB>, ranges: ReadonlyArray<readonly [number, number]>): Promise<Uint8Array[][]> {
  const indexes = indexesIn(ranges).map(String);
  const rows = await db
    .selectFrom('tlog_leaves')
    .select(['leaf_index', 'leaf_hash'])
    .where(sql<SqlBool>`leaf_index = ANY(${indexes}::bigint[])`)
    .execute();
  const byIndex = new Map(rows.map((row) => [Number(row.leaf_index), row.leaf_hash]));
  return ranges.map(([start, end]) =>
    Array.from({ length: end - start }, (_, i) => {
      const hash = byIndex.get(start + i);
      if (hash === undefined) throw new Error(`Transparency log has no leaf ${start + i}`);
      return fromHex(hash);
    }),
  );
}

/**
 * A leaf's entry and the hashes of the leaves in `spans` (a proof's, see
 * TreeHasher.leavesAlwaysRead), in one query: one round trip for an inclusion proof whose
 * subtree hashes are in memory. The entry is undefined when the log has no such leaf.
 */
export async function readEntryWithLeafHashes(
  db: Kysely<DB>,
  leafIndex: number,
  spans: ReadonlyArray<readonly [number, number]>,
): Promise<{ entry: LogEntry | undefined; hashes: Map<number, Uint8Array> }> {
  const indexes = [leafIndex, ...indexesIn(spans)];
  // The entry's columns come with its own row only: parsing the other rows' dates took a
  // sixteenth of a proof's time on the HTTP thread.
  const leaf = String(leafIndex);
  const rows = await sql<{
    leaf_index: string;
    leaf_hash: string;
    canonical_json: string | null;
    event_type: string | null;
    created_at: Date | null;
  }>`
    SELECT leaf_index, leaf_hash,
           CASE WHEN leaf_index = ${leaf}::bigint THEN event_type END AS event_type,
           CASE WHEN leaf_index = ${leaf}::bigint THEN created_at END AS created_at,
           CASE WHEN leaf_index = ${leaf}::bigint THEN canonical_json END AS canonical_json
    FROM tlog_leaves WHERE leaf_index = ANY(${indexes.map(String)}::bigint[])`.execute(db);
  let entry: LogEntry | undefined;
  const hashes = new Map<number, Uint8Array>();
  for (const row of rows.rows) {
    const index = Number(row.leaf_index);
    hashes.set(index, fromHex(row.leaf_hash));
    const { canonical_json, event_type, created_at } = row;
    if (index === leafIndex && canonical_json !== null && event_type !== null && created_at !== null)
      entry = toLogEntry({ ...row, canonical_json, event_type, created_at });
  }
  return { entry, hashes };
}

/** The entries (canonical JSON) of leaves start..end-1 in order: the data each leaf hash was computed from. */
export async function readLeafData(db: Kysely<DB>, start: number, end: number): Promise<string[]> {
  return readLeafColumn(db, 'canonical_json', start, end);
}

/**
 * Leaves in the log now. Appends hold a lock until they commit, so committed indexes are
 * always 0..n-1 and the highest one (an index-only lookup) gives the size.
 */
export async function currentLogSize(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('tlog_leaves').select('leaf_index').orderBy('leaf_index', 'desc').limit(1).executeTakeFirst();
  return row ? Number(row.leaf_index) + 1 : 0;
}

const toCheckpoint = (row: { tree_size: string; root_hash: string; note: string }): StoredCheckpoint => ({
  treeSize: Number(row.tree_size),
  rootHash: row.root_hash,
  note: row.note,
});

export async function newestCheckpoint(db: Kysely<DB>): Promise<StoredCheckpoint | undefined> {
  const row = await db
    .selectFrom('tlog_checkpoints')
    .select(['tree_size', 'root_hash', 'note'])
    .orderBy('tree_size', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && toCheckpoint(row);
}

export async function checkpointAt(db: Kysely<DB>, treeSize: number): Promise<StoredCheckpoint | undefined> {
  const row = await db
    .selectFrom('tlog_checkpoints')
    .select(['tree_size', 'root_hash', 'note'])
    .where('tree_size', '=', String(treeSize))
    .executeTakeFirst();
  return row && toCheckpoint(row);
}

/** Stores a checkpoint unless one of that size exists (another process may have won the race). */
export async function insertCheckpoint(db: Kysely<DB>, checkpoint: StoredCheckpoint, createdAt: Date): Promise<void> {
  await db
    .insertInto('tlog_checkpoints')
    .values({ tree_size: checkpoint.treeSize, root_hash: checkpoint.rootHash, note: checkpoint.note, created_at: createdAt })
    .onConflict((oc) => oc.column('tree_size').doNothing())
    .execute();
}

export async function readEntries(db: Kysely<DB>, start: number, end: number): Promise<LogEntry[]> {
  const rows = await db
    .selectFrom('tlog_leaves')
    .select(['leaf_index', 'leaf_hash', 'canonical_json', 'event_type', 'created_at'])
    .where('leaf_index', '>=', String(start))
    .where('leaf_index', '<', String(end))
    .orderBy('leaf_index')
    .execute();
  return rows.map(toLogEntry);
}

/**
 * The leaf index of a PUBLIC work's 'created' event, by UUID or registry id (already
 * normalised); undefined when there is no such public work or it was never logged.
 */
export async function publicWorkLeafIndex(db: Kysely<DB>, ref: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('public_submissions')
    .select('log_index')
    .where(isUuid(ref) ? 'id' : 'registry_id', '=', ref)
    .executeTakeFirst();
  return row?.log_index == null ? undefined : Number(row.log_index);
}

export type WorkLogStatus = 'public' | 'removed' | 'purged';

export interface WorkLogState {
  /** The work's 'created' leaf. */
  leafIndex: number;
  status: WorkLogStatus;
  /** For a removed or purged work: its newest removal leaf ('soft_deleted' or 'purged'), if logged. */
  removalLeafIndex?: number;
}

/**
 * Where a work that was PUBLIC is in the log, by UUID or registry id (already normalised), also
 * after it was removed or purged: its leaf holds hashes and ids only, and a proof of a past
 * registration must not vanish with the work. Undefined for a private, unknown or unlogged work.
 * Reads ids and removal state only, never the personal fields of the row.
 */
export async function registeredWorkLogState(db: Kysely<DB>, ref: string): Promise<WorkLogState | undefined> {
  const row = await db
    .selectFrom('submissions')
    .select(['id', 'log_index', 'deleted_at', 'purged_at'])
    .where(isUuid(ref) ? 'id' : 'registry_id', '=', ref)
    .where('is_public', '=', true)
    .executeTakeFirst();
  if (!row || row.log_index == null) return undefined;
  const leafIndex = Number(row.log_index);
  const status: WorkLogStatus = row.purged_at ? 'purged' : row.deleted_at ? 'removed' : 'public';
  if (status === 'public') return { leafIndex, status };
  const removal = await db
    .selectFrom('tlog_leaves')
    .select('leaf_index')
    .where('submission_id', '=', row.id)
    .where('event_type', 'in', ['soft_deleted', 'purged'])
    .orderBy('leaf_index', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { leafIndex, status, ...(removal ? { removalLeafIndex: Number(removal.leaf_index) } : {}) };
}

// Any constant works; it names "the log's append lock" for every process.
export const LOG_APPEND_LOCK_ID = 727_100_002;

export interface AppendOptions {
  /** The caller's transaction already holds the append lock (registrations take it with theirs). */
  appendLockHeld?: boolean;
}

/** A leaf row as inserted; its index is given by the insert (leavesAtEndInsert). */
export type NewLeafRow = Omit<Insertable<TlogLeavesTable>, 'leaf_index'>;

/**
 * The insert of `leaves` after the last one, in order, returning each one's index and work: to
 * run, or to use in a WITH clause. The caller holds the log's append lock until its transaction
 * ends, so indexes are never reused or skipped. The next index is read by the insert itself (no
 * round trip while the lock is held): a statement does not see its own rows, so every row's
 * subquery finds the same end.
 */
export function leavesAtEndInsert(trx: QueryCreator<DB>, leaves: readonly NewLeafRow[]) {
  const end = sql<string>`(SELECT coalesce(max(leaf_index) + 1, 0) FROM tlog_leaves)`;
  return trx
    .insertInto('tlog_leaves')
    .values(leaves.map((leaf, i) => ({ ...leaf, leaf_index: sql<string>`${end} + ${i}::int` })))
    .returning(['leaf_index', 'submission_id']);
}

/** Inserts leaves after the last one, in order, taking the append lock unless held; returns the first index. */
export async function insertLeavesAtEnd(trx: Kysely<DB>, leaves: readonly NewLeafRow[], options: AppendOptions = {}): Promise<number> {
  if (!options.appendLockHeld) await sql`SELECT pg_advisory_xact_lock(${LOG_APPEND_LOCK_ID})`.execute(trx);
  const inserted = await leavesAtEndInsert(trx, leaves).execute();
  return Math.min(...inserted.map((row) => Number(row.leaf_index)));
}

/** Number of leaves in the log now. */
export async function logSize(db: Kysely<DB>): Promise<number> {
  const row = await sql<{ n: string }>`SELECT count(*) AS n FROM tlog_leaves`.execute(db);
  return Number(row.rows[0].n);
}

/** A complete subtree: 2^level leaves starting at leaf number * 2^level. */
export interface SubtreeRef {
  level: number;
  number: number;
}

/** Stored hashes (lowercase hex) of those of `nodes` kept in tlog_subtrees, by `${level}:${number}`. */
export async function readSubtreeHashes(db: Kysely<DB>, nodes: readonly SubtreeRef[]): Promise<Map<string, string>> {
  if (nodes.length === 0) return new Map();
  const rows = await sql<{ level: number; number: string; hash: string }>`
    SELECT s.level, s.number, s.hash
    FROM unnest(${nodes.map((n) => n.level)}::smallint[], ${nodes.map((n) => String(n.number))}::bigint[]) AS k(level, number)
    JOIN tlog_subtrees s ON s.level = k.level AND s.number = k.number`.execute(db);
  return new Map(rows.rows.map((r) => [`${r.level}:${Number(r.number)}`, r.hash]));
}

/** Keeps subtree hashes; one computed already by another process is left as it is (the same bytes). */
export async function insertSubtreeHashes(db: Kysely<DB>, nodes: readonly (SubtreeRef & { hash: string })[]): Promise<void> {
  if (nodes.length === 0) return;
  await sql`
    INSERT INTO tlog_subtrees (level, number, hash)
    SELECT * FROM unnest(${nodes.map((n) => n.level)}::smallint[], ${nodes.map((n) => String(n.number))}::bigint[], ${nodes.map((n) => n.hash)}::text[])
    ON CONFLICT (level, number) DO NOTHING`.execute(db);
}

/**
 * Up to `limit` stored subtree hashes of `minLevel` or higher, in (level, number) order, after
 * `after` (from the first when undefined): the pages in which a process reads them all.
 */
export async function readSubtreeHashesAfter(
  db: Kysely<DB>,
  after: SubtreeRef | undefined,
  minLevel: number,
  limit: number,
): Promise<(SubtreeRef & { hash: string })[]> {
  const from = after ?? { level: minLevel, number: -1 };
  const rows = await sql<{ level: number; number: string; hash: string }>`
    SELECT level, number, hash FROM tlog_subtrees
    WHERE (level, number) > (${Math.max(from.level, minLevel)}::smallint, ${String(from.number)}::bigint)
    ORDER BY level, number
    LIMIT ${limit}`.execute(db);
  return rows.rows.map((r) => ({ level: r.level, number: Number(r.number), hash: r.hash }));
}
