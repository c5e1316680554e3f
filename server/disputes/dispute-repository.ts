// Rows of claim_disputes (migration 028, decision 0063): filed unconfirmed, confirmed by the
// e-mailed link, listed for admins (confirmed ones only) and decided once.
import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { AdminClaimDispute, ClaimDisputeCounts } from '../../core/api/claim-disputes';
import { PAGE_SIZES, type ClaimDisputeStatus } from '../../core/constants';
import { pageWithTotal, whereAnyContains } from '../db/paging';
import type { ClaimDisputesTable, DB } from '../db/types';
import type { LedgerWriter } from '../works/ledger-transaction';

type Db = Kysely<DB> | Transaction<DB>;

export interface DisputeListFilter {
  status?: Exclude<ClaimDisputeStatus, 'unconfirmed'>;
  search?: string;
  page: number;
}

function baseQuery(db: Db) {
  return (
    db
      .selectFrom('claim_disputes as d')
      .selectAll('d')
      // Whether upholding would hand the name to the disputer: the rule of claimingProofsOf.
      .select(
        sql<boolean>`EXISTS (
          SELECT 1 FROM link_proofs p JOIN submissions s ON s.id = p.submission_id
          WHERE lower(s.artist_name) = d.artist_key AND lower(s.author_email) = d.disputer_email
            AND s.email_verified_at IS NOT NULL AND s.deleted_at IS NULL AND s.purged_at IS NULL
            AND p.state = 'proven' AND p.method = 'rel_me')`.as('disputer_has_proof'),
      )
      // Unconfirmed disputes never reach admins.
      .where('d.status', '<>', 'unconfirmed')
  );
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toDto(r: Row): AdminClaimDispute {
  return {
    id: r.id,
    artist_name: r.artist_name,
    claimant_email: r.claimant_email,
    disputer_email: r.disputer_email,
    proof_links: r.proof_links,
    explanation: r.explanation,
    request_ip: r.request_ip,
    status: r.status as AdminClaimDispute['status'],
    outcome: r.outcome,
    disputer_has_proof: r.disputer_has_proof,
    admin_notes: r.admin_notes,
    processed_by: r.processed_by,
    processed_at: iso(r.processed_at),
    confirmed_at: iso(r.confirmed_at)!,
    created_at: iso(r.created_at)!,
  };
}

export async function findDispute(db: Db, id: string): Promise<AdminClaimDispute | null> {
  const row = await baseQuery(db).where('d.id', '=', id).executeTakeFirst();
  return row ? toDto(row) : null;
}

export async function listDisputes(db: Kysely<DB>, filter: DisputeListFilter): Promise<{ items: AdminClaimDispute[]; total: number }> {
  let query = baseQuery(db);
  if (filter.status) query = query.where('d.status', '=', filter.status);
  const filtered = whereAnyContains(query, ['d.artist_name', 'd.disputer_email', 'd.claimant_email', 'd.explanation'], filter.search);
  const { rows, total } = await pageWithTotal(
    filtered.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc'),
    filter.page,
    PAGE_SIZES.admin,
  );
  return { items: rows.map(toDto), total };
}

export async function disputeCounts(db: Kysely<DB>): Promise<ClaimDisputeCounts> {
  const row = await db
    .selectFrom('claim_disputes')
    .select([
      sql<string>`count(*) FILTER (WHERE status <> 'unconfirmed')`.as('all'),
      sql<string>`count(*) FILTER (WHERE status = 'pending')`.as('pending'),
      sql<string>`count(*) FILTER (WHERE status = 'upheld')`.as('upheld'),
      sql<string>`count(*) FILTER (WHERE status = 'rejected')`.as('rejected'),
    ])
    .executeTakeFirstOrThrow();
  return { all: Number(row.all), pending: Number(row.pending), upheld: Number(row.upheld), rejected: Number(row.rejected) };
}

export type FileOutcome = 'send' | 'open' | 'capped';

/**
 * Files a dispute unless the address already has an open one (unconfirmed or pending) for the
 * name, or got `cap` confirmation e-mails since `capSince`. The address is locked for the check
 * (a transaction-scoped advisory lock), so two requests at once cannot both pass the cap; `queue`
 * queues the confirmation e-mail in the same transaction.
 */
export async function fileDispute(
  db: Kysely<DB>,
  values: Insertable<ClaimDisputesTable> & { disputer_email: string; artist_key: string },
  limits: { capSince: Date; cap: number; unconfirmedOpenSince: Date },
  queue: (trx: Transaction<DB>) => Promise<void>,
): Promise<FileOutcome> {
  return db.transaction().execute(async (trx) => {
    // Its own lock space (the first key), beside the watches' (727100034).
    await sql`SELECT pg_advisory_xact_lock(727100063, hashtext(${values.disputer_email}))`.execute(trx);
    // An unconfirmed dispute whose link has expired is not open: it is replaced by this one.
    await trx
      .deleteFrom('claim_disputes')
      .where('disputer_email', '=', values.disputer_email)
      .where('artist_key', '=', values.artist_key)
      .where('status', '=', 'unconfirmed')
      .where('created_at', '<=', limits.unconfirmedOpenSince)
      .execute();
    const counts = await trx
      .selectFrom('claim_disputes')
      .select([
        sql<string>`count(*) FILTER (WHERE artist_key = ${values.artist_key} AND status IN ('unconfirmed', 'pending'))`.as('open'),
        sql<string>`count(*) FILTER (WHERE created_at > ${limits.capSince})`.as('recent'),
      ])
      .where('disputer_email', '=', values.disputer_email)
      .executeTakeFirstOrThrow();
    if (Number(counts.open) > 0) return 'open';
    if (Number(counts.recent) >= limits.cap) return 'capped';
    await trx.insertInto('claim_disputes').values(values).execute();
    await queue(trx);
    return 'send';
  });
}

/** Confirms the unconfirmed dispute filed after `issuedAfter` whose token hashes to `hash`; its id, or null. */
export async function confirmDispute(db: Kysely<DB>, hash: string, at: Date, issuedAfter: Date): Promise<string | null> {
  const row = await db
    .updateTable('claim_disputes')
    .set({ status: 'pending', confirmed_at: at })
    .where('confirm_hash', '=', hash)
    .where('status', '=', 'unconfirmed')
    .where('created_at', '>', issuedAfter)
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Deletes the unconfirmed disputes filed at or before `issuedBefore` (their links have expired). */
export async function deleteExpiredUnconfirmedDisputes(db: Kysely<DB>, issuedBefore: Date): Promise<void> {
  await db.deleteFrom('claim_disputes').where('status', '=', 'unconfirmed').where('created_at', '<=', issuedBefore).execute();
}

/** The dispute, locked for the rest of the transaction (a decision is taken once). */
export async function lockDispute(trx: Transaction<DB>, id: string) {
  return trx.selectFrom('claim_disputes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateDispute(trx: Transaction<DB>, id: string, set: Updateable<ClaimDisputesTable>): Promise<void> {
  await trx.updateTable('claim_disputes').set(set).where('id', '=', id).execute();
}

/**
 * Marks the live works under the name changed: the artist page and the works' public answers
 * (artist_confirmed) follow the claim, and kept answers follow changes of the works' rows.
 */
export async function touchWorksOfName(trx: LedgerWriter, artistKey: string, at: Date): Promise<void> {
  await trx
    .updateTable('submissions')
    .set({ updated_at: at })
    .where((eb) => eb(eb.fn('lower', ['artist_name']), '=', artistKey))
    .where('deleted_at', 'is', null)
    .where('purged_at', 'is', null)
    .execute();
}
