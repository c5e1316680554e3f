// The works layer's queries on submissions, shared by the features: the registration lock and
// numbers, the row changes of the lifecycle (register, soft delete, restore, purge), and the
// public reads of one work, an artist's works and close fingerprints. Public reads go through
// public_submissions only (decision 0017).
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { PublicWork } from '../../core/api-types';
import { PAGE_SIZES, VERIFIED_THRESHOLD } from '../../core/constants';
import { isUuid, normaliseSubmissionRef } from '../../core/ids';
import { readArtistCounters } from '../db/ledger-counters-repository';
import { preparedStatement } from '../db/prepared-statements';
import type { DB, NewSubmission, PublicSubmission, Submission, SubmissionUpdate } from '../db/types';
import { NEAR_DUPLICATE_MAX_DISTANCE } from '../image';
import { LOG_APPEND_LOCK_ID, leavesAtEndInsert, type NewLeafRow } from '../tlog/log-repository';
import { asSignedBigint, bandProbes } from './fingerprint-bands';
import { WORK_SUMMARY_COLUMNS, type WorkSummaryRow } from './work-summary';
import { fingerprintMemoryOf } from './fingerprint-memory';
import type { LedgerWriter } from './ledger-transaction';

// Any constant works; it names "the registration lock" for every server process.
const REGISTRATION_LOCK_ID = 727_100_101;

/**
 * Serialises registrations until the transaction ends, so registry numbers are drawn in the
 * order works commit and each registration sees every earlier one, and returns `count`
 * consecutive registry numbers, in order. One round trip, in this order (a statement's target
 * list and joins are evaluated before its update): the registration lock; the log's append lock,
 * which every registration needs for its leaves (never taken before the first, so the two cannot
 * deadlock); then the one-row counter, advanced in the caller's transaction: if that rolls back,
 * so does the counter, and the numbers go to the next work that commits. No gaps, no reuse.
 * `alongside`, when given, is read in the same statement and returned: its snapshot was taken
 * before the locks were granted, so it may be a read that needs only locks taken in an earlier
 * statement (the exact copies of images locked by imageLocks); reads that must see every
 * earlier registration come in a later statement.
 */
export async function lockRegistrationsAndDrawSeqs<T = null>(
  trx: Kysely<DB>,
  count: number,
  alongside: RawBuilder<T> = sql<T>`NULL`,
): Promise<{ seqs: number[]; alongside: T }> {
  const row = await lockAndDrawSql(count, alongside).execute(trx);
  return drawn(count, row.rows[0]);
}

function lockAndDrawSql<T>(count: number, alongside: RawBuilder<T>) {
  return sql<{ last_seq: string; alongside: T }>`
    UPDATE registry_counter SET last_seq = last_seq + ${count}::int
    FROM (SELECT pg_advisory_xact_lock(${REGISTRATION_LOCK_ID}), pg_advisory_xact_lock(${LOG_APPEND_LOCK_ID})) AS locked
    RETURNING last_seq, ${alongside} AS alongside`;
}

function drawn<T>(count: number, row: { last_seq: string; alongside: T }): { seqs: number[]; alongside: T } {
  const last = Number(row.last_seq);
  return { seqs: Array.from({ length: count }, (_, i) => last - count + 1 + i), alongside: row.alongside };
}

/**
 * lockRegistrationsAndDrawSeqs for one work, with an `alongside` read built from `values`, as a
 * prepared statement (db/prepared-statements.ts): what every registration runs.
 */
export function preparedDrawOfOne<V extends object, T>(alongside: (values: V) => RawBuilder<T>) {
  const statement = preparedStatement((db, values: V) => lockAndDrawSql(1, alongside(values)).compile(db));
  return async (trx: Kysely<DB>, values: V): Promise<{ seqs: number[]; alongside: T }> =>
    drawn(1, (await statement(trx, values)).rows[0]);
}

/**
 * Inserts works and their log leaves in one statement: the leaves' insert is a WITH clause whose
 * indexes the rows read. With `noticeChannel`, the same statement queues a NOTIFY per new work
 * on it (its id and score; registered works are always public), delivered at commit: no round
 * trip of its own while the locks are held. The caller holds the log's append lock. Returns each
 * work's leaf index by its id.
 */
export async function insertWorksWithLeaves(
  trx: LedgerWriter,
  rows: readonly NewWorkRow[],
  leaves: readonly NewLeafRow[],
  noticeChannel?: string,
): Promise<Map<string, number>> {
  const inserted =
    rows.length === 1 && leaves.length === 1
      ? (await insertOneWorkStatement(trx, { row: rows[0], leaf: leaves[0], noticeChannel })).rows
      : await worksWithLeavesInsert(trx, rows, leaves, noticeChannel).execute();
  return new Map(inserted.map((row) => [row.id, Number(row.log_index)]));
}

type NewWorkRow = Omit<NewSubmission, 'log_index'> & { id: string };

function worksWithLeavesInsert(trx: Kysely<DB>, rows: readonly NewWorkRow[], leaves: readonly NewLeafRow[], noticeChannel?: string) {
  const notice =
    noticeChannel === undefined
      ? sql`NULL`
      : sql`pg_notify(${noticeChannel}, json_build_object('id', id, 'trust_meter', trust_meter, 'is_public', true)::text)`;
  return trx
    .with('new_leaves', (db) => leavesAtEndInsert(db, leaves))
    .insertInto('submissions')
    .values(
      rows.map((row) => ({
        ...row,
        log_index: sql<string>`(SELECT leaf_index FROM new_leaves WHERE submission_id = ${row.id}::uuid)`,
      })),
    )
    .returning(['id', 'log_index', notice.as('notice')]);
}

/** One registration's insert, prepared (db/prepared-statements.ts). */
const insertOneWorkStatement = preparedStatement((db, v: { row: NewWorkRow; leaf: NewLeafRow; noticeChannel?: string }) =>
  worksWithLeavesInsert(db, [v.row], [v.leaf], v.noticeChannel).compile(),
);

// The class of the image locks below, in PostgreSQL's two-key advisory lock space, which never
// meets the one-key space of the locks above.
const IMAGE_LOCK_CLASS = 727_100;

/**
 * A one-row relation whose reading takes, until the transaction ends, a lock per image file
 * (SHA-256, hex) named, and nothing else: to join into a statement that runs anyway. A
 * registration looks for exact copies, in a later statement, once it holds its image's lock: of
 * two registrations of one file the second then waits for the first to commit and sees its work,
 * while registrations of other files go on. Locks are taken in sorted order (no deadlock between
 * two batches); take them before lockRegistrationsAndDrawSeqs, never after it.
 */
export function imageLocks(hashes: readonly string[]) {
  return imageLocksOfSorted([...new Set(hashes)].sort());
}

/** imageLocks of hashes already sorted and distinct (one, say), given as one value: for a prepared statement. */
export function imageLocksOfSorted(sortedHashes: readonly string[]) {
  return sql<{
    taken: string;
  }>`(SELECT count(pg_advisory_xact_lock(${IMAGE_LOCK_CLASS}, hashtext(h))) AS taken FROM unnest(${sortedHashes}::text[]) AS h)`;
}

/** Takes imageLocks in a statement of its own. */
export async function lockImageHashes(trx: Kysely<DB>, hashes: readonly string[]): Promise<void> {
  if (hashes.length > 0) await sql`SELECT taken FROM ${imageLocks(hashes)} AS image_locks`.execute(trx);
}

/** A work by UUID or registry id, locked for the rest of the transaction when `lock` is set. */
export async function findWork(db: Kysely<DB>, ref: string, lock = false): Promise<Submission | undefined> {
  const id = normaliseSubmissionRef(ref);
  if (!id) return undefined;
  let query = db
    .selectFrom('submissions')
    .selectAll()
    .where(isUuid(id) ? 'id' : 'registry_id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The UUID of the work a UUID or registry id names, whatever its state. */
export async function findWorkId(db: Kysely<DB>, ref: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('submissions')
    .select('id')
    .where(isUuid(ref) ? 'id' : 'registry_id', '=', ref)
    .executeTakeFirst();
  return row?.id;
}

export async function updateWorkRow(trx: LedgerWriter, id: string, set: SubmissionUpdate): Promise<Submission> {
  return trx.updateTable('submissions').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The same change on many works (a batch of soft deletes); the rows come back in `ids`' order. */
export async function updateWorkRows(trx: LedgerWriter, ids: readonly string[], set: SubmissionUpdate): Promise<Submission[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .updateTable('submissions')
    .set(set)
    .where('id', 'in', [...ids])
    .returningAll()
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw new Error(`No work ${id} to update`);
    return row;
  });
}

/** The given works, locked for the rest of the transaction, in `ids`' order; missing ids are skipped. */
export async function findWorksForUpdate(trx: Transaction<DB>, ids: readonly string[]): Promise<Submission[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('submissions')
    .selectAll()
    .where('id', 'in', [...ids])
    .forUpdate()
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The upload records that still name a purged work's files (they hold its embedded metadata). */
export async function deleteUploadsOfFiles(trx: Transaction<DB>, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await trx
    .deleteFrom('uploads')
    .where((eb) => eb.or([eb('derivative_key', 'in', [...keys]), eb('original_key', 'in', [...keys])]))
    .execute();
}

/** A public, non-deleted work by UUID or VW-YYYY-NNNNNN (any case); undefined otherwise. */
export async function findPublicWork(db: Kysely<DB>, ref: string): Promise<PublicSubmission | undefined> {
  const canonical = normaliseSubmissionRef(ref);
  if (!canonical) return undefined;
  return db
    .selectFrom('public_submissions')
    .selectAll()
    .where(isUuid(canonical) ? 'id' : 'registry_id', '=', canonical)
    .executeTakeFirst();
}

/** The earlier work a duplicate points at, only while that work is itself public. */
export async function findPublicDuplicateTarget(db: Kysely<DB>, id: string | null): Promise<PublicWork['duplicate_of']> {
  if (!id) return null;
  const row = await db
    .selectFrom('public_submissions')
    .select(['id', 'registry_id', 'artist_name', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row
    ? { id: row.id, registry_id: row.registry_id, artist_name: row.artist_name, created_at: new Date(row.created_at).toISOString() }
    : null;
}

/** One page of an artist's public works (the artist page, and its head tags for link previews). */
export interface ArtistPage {
  rows: WorkSummaryRow[];
  total: number;
  /** Of `total`, the works at or above the Verified threshold. */
  verified: number;
  /** The artist's newest work: it supplies the name and links on every page (docs/product.md §2). */
  newest: { author_full_name: string; portfolio_link: string | null; external_link: string | null } | undefined;
}

/** Whose works under the name: the claimant's, or everyone else's (decision 0061); all when absent. */
export interface ArtistOwnerFilter {
  /** Lower case; used in the query only, never answered. */
  claimantEmail: string;
  claimant: boolean;
}

export async function readArtistPage(
  db: Kysely<DB>,
  artistName: string,
  page: number,
  owner?: ArtistOwnerFilter,
): Promise<ArtistPage> {
  const pageSize = PAGE_SIZES.artist;
  // public_submissions carries no address: the filter reads the table's column through the id.
  const byArtist = db
    .selectFrom('public_submissions')
    .where('artist_name', '=', artistName)
    .$if(owner !== undefined, (q) =>
      q.where('id', owner!.claimant ? 'in' : 'not in', (eb) =>
        eb
          .selectFrom('submissions')
          .select('submissions.id')
          .where('submissions.artist_name', '=', artistName)
          .where(sql<boolean>`lower(submissions.author_email) = ${owner!.claimantEmail}`),
      ),
    );
  const [rows, counts, newest] = await Promise.all([
    byArtist
      .select(WORK_SUMMARY_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    // The whole name's figures are kept (migration 039); only a claimant's or the others' part of
    // them is counted here.
    owner === undefined
      ? readArtistCounters(db, artistName)
      : byArtist
          .select((eb) => [
            eb.fn.countAll<string>().as('n'),
            eb.fn.countAll<string>().filterWhere('trust_meter', '>=', VERIFIED_THRESHOLD).as('verified'),
          ])
          .executeTakeFirstOrThrow()
          .then((counted) => ({ total: Number(counted.n), verified: Number(counted.verified) })),
    byArtist
      .select(['author_full_name', 'portfolio_link', 'external_link'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { rows, total: counts.total, verified: counts.verified, newest };
}

/** A public work's score, by UUID; undefined once it is private or removed. */
export async function findPublicScore(db: Kysely<DB>, id: string): Promise<{ id: string; trust_meter: number } | undefined> {
  const row = await db.selectFrom('public_submissions').select(['id', 'trust_meter']).where('id', '=', id).executeTakeFirst();
  return row ? { id: row.id, trust_meter: Number(row.trust_meter) } : undefined;
}

/** A work that was public and is now soft-deleted or purged: its ids only (the live badge). */
export async function findRemovedPublicWork(db: Kysely<DB>, ref: string): Promise<{ id: string; registry_id: string } | undefined> {
  const canonical = normaliseSubmissionRef(ref);
  if (!canonical) return undefined;
  return db
    .selectFrom('submissions')
    .select(['id', 'registry_id'])
    .where(isUuid(canonical) ? 'id' : 'registry_id', '=', canonical)
    .where('is_public', '=', true)
    .where((eb) => eb.or([eb('deleted_at', 'is not', null), eb('purged_at', 'is not', null)]))
    .executeTakeFirst();
}

/**
 * The near-duplicate search's statement for a hash given as 16 hex characters (see
 * closeFingerprints). Candidates come from the band indexes of migrations 009 and 019
 * (fingerprint-bands.ts), one band after another: each index holds the hash and the work beside
 * its band, so the few thousand candidates at a million works are read from the indexes alone
 * (an OR of the bands would need the table's rows). A fingerprint close in several bands comes
 * once per band; the caller keeps one.
 */
export function closeFingerprintsQuery(db: Kysely<DB>, phashHex: string) {
  // The same signed 64-bit number the table stores, made once here rather than for every row.
  const phash = asSignedBigint(phashHex);
  const distance = sql<number>`bit_count((phash # ${phash}::bigint)::bit(64))::int`;
  // Written exactly as the index expressions of migration 019, or the planner cannot use them.
  const bandExpressions = [
    sql`((phash >> 48) & 65535)`,
    sql`((phash >> 32) & 65535)`,
    sql`((phash >> 16) & 65535)`,
    sql`(phash & 65535)`,
  ];
  const perBand = bandProbes(phashHex)
    .map((values, band) => ({ values, band }))
    .filter((p) => p.values.length > 0)
    .map((p) =>
      db
        .selectFrom('image_fingerprints')
        .select(['submission_id', distance.as('distance')])
        .where(sql<boolean>`${bandExpressions[p.band]} = ANY(${p.values}::bigint[])`)
        .where(distance, '<=', NEAR_DUPLICATE_MAX_DISTANCE),
    );
  return perBand.slice(1).reduce((all, band) => all.unionAll(band), perBand[0]);
}

/**
 * Works whose fingerprint (image_fingerprints, migration 005) is within NEAR_DUPLICATE_MAX_DISTANCE
 * bits of a hash given as 16 hex characters: submission id -> distance. Any work, live or not;
 * callers filter with submissions or public_submissions. A query of its own, so the few ids are
 * then looked up by key: joined in one query, the planner (which cannot estimate how few hashes
 * are close) reads every submission instead. bit_count needs PostgreSQL 14+; PGlite has it.
 */
export async function closeFingerprints(db: Kysely<DB>, phashHex: string): Promise<Map<string, number>> {
  return (await closeFingerprintsOfEach(db, [phashHex]))[0];
}

/** closeFingerprints for several hashes (a re-scoring batch): from memory with two reads for all, else a query each. */
export async function closeFingerprintsOfEach(db: Kysely<DB>, phashesHex: readonly string[]): Promise<Map<string, number>[]> {
  // The same answer from this process's memory, once loaded (fingerprint-memory.ts, decision 0046).
  const fromMemory = await fingerprintMemoryOf(db)?.closeToEach(db, phashesHex);
  if (fromMemory) return fromMemory;
  const found: Map<string, number>[] = [];
  for (const phashHex of phashesHex) {
    const rows = await closeFingerprintsQuery(db, phashHex).execute();
    found.push(new Map(rows.map((r) => [r.submission_id, Number(r.distance)])));
  }
  return found;
}
