// Queries on submissions for this feature: the registration insert, the public lookup by either
// id form, and the e-mail verification columns. Public reads go through public_submissions only.
import { sql, type Kysely } from 'kysely';
import type { PublicWork } from '../../core/api-types';
import { isUuid, normaliseSubmissionRef } from '../../core/ids';
import type { DB, NewSubmission, PublicSubmission, Submission } from '../db/types';
import type { TrustResult } from './trust';

// Any constant works; it names "the registration lock" for every server process.
const REGISTRATION_LOCK_ID = 727_100_101;

/**
 * Serialises registrations until the transaction ends, so registry numbers are drawn in the
 * order works commit and each registration sees every earlier one. Taken before the log's own
 * append lock, never after it, so the two cannot deadlock.
 */
export async function lockRegistrations(trx: Kysely<DB>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${REGISTRATION_LOCK_ID})`.execute(trx);
}

/**
 * `count` consecutive registry numbers, in order. They come from the one-row counter, advanced in
 * the caller's transaction (which holds the registration lock): if that transaction rolls back,
 * so does the counter, and the numbers go to the next work that commits. No gaps, no reuse.
 */
export async function nextRegistrySeqs(trx: Kysely<DB>, count: number): Promise<number[]> {
  const row = await sql<{ last_seq: string }>`
    UPDATE registry_counter SET last_seq = last_seq + ${count}::int RETURNING last_seq`.execute(trx);
  const last = Number(row.rows[0].last_seq);
  return Array.from({ length: count }, (_, i) => last - count + 1 + i);
}

export async function insertSubmissions(trx: Kysely<DB>, values: readonly NewSubmission[]): Promise<void> {
  if (values.length > 0) await trx.insertInto('submissions').values(values).execute();
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
  return row ? { id: row.id, registry_id: row.registry_id, artist_name: row.artist_name, created_at: new Date(row.created_at).toISOString() } : null;
}

export async function storeVerifyToken(db: Kysely<DB>, id: string, tokenHash: string, sentAt: Date): Promise<void> {
  await db
    .updateTable('submissions')
    .set({ email_verify_token_hash: tokenHash, email_verify_sent_at: sentAt })
    .where('id', '=', id)
    .execute();
}

/** The live (not deleted or purged) work a verification token belongs to. */
export async function findByVerifyTokenHash(db: Kysely<DB>, tokenHash: string): Promise<Submission | undefined> {
  return db
    .selectFrom('submissions')
    .selectAll()
    .where('email_verify_token_hash', '=', tokenHash)
    .where('deleted_at', 'is', null)
    .where('purged_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Marks the e-mail verified and stores the new score, only while the token is still the one
 * stored: opening the link twice at once verifies once. Returns false when the token was used.
 */
export async function markEmailVerified(
  db: Kysely<DB>,
  id: string,
  tokenHash: string,
  trust: TrustResult,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('submissions')
    .set({
      email_verified_at: at,
      email_verify_token_hash: null,
      trust_meter: trust.score,
      trust_breakdown: JSON.stringify(trust),
      trust_rubric_version: trust.rubricVersion,
      prompt_specificity: JSON.stringify(trust.promptSpecificity),
      updated_at: at,
    })
    .where('id', '=', id)
    .where('email_verify_token_hash', '=', tokenHash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
