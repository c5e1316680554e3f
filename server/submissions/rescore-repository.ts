// Queries of the registry's own re-scoring (issue 33): the work a link check or a batch reads and
// locks, the stored score it writes, the progress of a rubric run, and the links due a re-check.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, Submission } from '../db/types';
import type { LedgerWriter } from '../works/ledger-transaction';
import { WORK_REGISTERED_CHANNEL } from '../works/registration';
import type { TrustResult } from './trust';

/** A live (not withdrawn, not purged) work; locked for the transaction when `lock`. */
export async function findLiveWork(db: Kysely<DB>, id: string, lock: boolean): Promise<Submission | undefined> {
  let query = db
    .selectFrom('submissions')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('purged_at', 'is', null);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * Stores the trust columns of many works with one statement: the statement triggers of
 * submissions (the ledger's counters, page segments and artist links) then run once for the
 * batch instead of once a work (decision 0077 has the measurements).
 */
export async function storeTrustColumns(trx: LedgerWriter, rows: readonly { id: string; trust: TrustResult }[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    UPDATE submissions s SET
      trust_meter = v.trust_meter,
      trust_breakdown = v.trust_breakdown::jsonb,
      trust_rubric_version = v.trust_rubric_version,
      prompt_specificity = v.prompt_specificity::jsonb
    FROM unnest(
      ${rows.map((r) => r.id)}::uuid[],
      ${rows.map((r) => r.trust.score)}::int[],
      ${rows.map((r) => JSON.stringify(r.trust))}::text[],
      ${rows.map((r) => r.trust.rubricVersion)}::text[],
      ${rows.map((r) => JSON.stringify(r.trust.promptSpecificity))}::text[]
    ) AS v(id, trust_meter, trust_breakdown, trust_rubric_version, prompt_specificity)
    WHERE s.id = v.id`.execute(trx);
}

/**
 * Marks works changed: a claimed name, or an artist's proven pages, change what their public
 * answers show (artist_confirmed, the artist page) without a column of theirs changing, and the
 * kept answers follow changes of the works' rows (server/ledger-cache/cached-answers.ts).
 */
export async function touchWorks(trx: LedgerWriter, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('submissions')
    .set({ updated_at: at })
    .where('id', 'in', [...ids])
    .execute();
}

/** Tells every process a public work now qualifies, on the registrations' channel (delivered at commit). */
export async function announceQualifyingWork(trx: Transaction<DB>, id: string, score: number): Promise<void> {
  const notice = JSON.stringify({ id, trust_meter: score, is_public: true });
  await sql`SELECT pg_notify(${WORK_REGISTERED_CHANNEL}, ${notice})`.execute(trx);
}

/**
 * The next `limit` live works of one address under one name after `afterSeq`, locked (migration
 * 026's index); without an address, of everyone under the name.
 */
export async function lockIdentityWorksAfter(
  trx: Transaction<DB>,
  identity: { artistName: string; email?: string; afterSeq: number },
  limit: number,
): Promise<Submission[]> {
  const { email } = identity;
  let query = trx
    .selectFrom('submissions')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['artist_name']), '=', identity.artistName.toLowerCase()));
  if (email !== undefined) query = query.where((eb) => eb(eb.fn('lower', ['author_email']), '=', email.toLowerCase()));
  return query
    .where('deleted_at', 'is', null)
    .where('purged_at', 'is', null)
    .where('registry_seq', '>', String(identity.afterSeq))
    .orderBy('registry_seq')
    .limit(limit)
    .forUpdate()
    .execute();
}

/** The next `limit` live works after `afterSeq`, locked. */
export async function lockLiveWorksAfter(trx: Transaction<DB>, afterSeq: string, limit: number): Promise<Submission[]> {
  return trx
    .selectFrom('submissions')
    .selectAll()
    .where('registry_seq', '>', afterSeq)
    .where('deleted_at', 'is', null)
    .where('purged_at', 'is', null)
    .orderBy('registry_seq')
    .limit(limit)
    .forUpdate()
    .execute();
}

export interface RescoreRun {
  lastSeq: string;
  finished: boolean;
}

/** The run of `version`, made if missing and locked: a second process's batch waits, then sees the progress. */
export async function lockRescoreRun(trx: Transaction<DB>, version: string, now: Date): Promise<RescoreRun> {
  await trx
    .insertInto('rescore_runs')
    .values({ rubric_version: version, started_at: now })
    .onConflict((oc) => oc.column('rubric_version').doNothing())
    .execute();
  const run = await trx
    .selectFrom('rescore_runs')
    .selectAll()
    .where('rubric_version', '=', version)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { lastSeq: run.last_seq, finished: run.finished_at !== null };
}

export async function recordRescoreProgress(
  trx: Transaction<DB>,
  version: string,
  progress: { lastSeq: string; changed: number; finishedAt: Date | null },
): Promise<void> {
  await trx
    .updateTable('rescore_runs')
    .set({ last_seq: progress.lastSeq, changed: sql`changed + ${progress.changed}`, finished_at: progress.finishedAt })
    .where('rubric_version', '=', version)
    .execute();
}

export async function readRescoreRun(db: Kysely<DB>, version: string) {
  return db.selectFrom('rescore_runs').selectAll().where('rubric_version', '=', version).executeTakeFirst();
}

/** The works whose links were checked longest ago, before `due`: at most `limit` links' works. */
export async function worksDueForRecheck(db: Kysely<DB>, due: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('link_proofs')
    .select('submission_id')
    .where('submission_id', 'is not', null)
    .where('checked_at', '<', due)
    .orderBy('checked_at')
    .limit(limit)
    .execute();
  return [...new Set(rows.map((r) => r.submission_id!))];
}
