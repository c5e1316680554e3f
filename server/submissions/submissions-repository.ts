// Queries on submissions for this feature: the e-mail verification columns. The registration
// insert and the public lookups are the works layer's (server/works/works-repository.ts).
import type { Kysely } from 'kysely';
import type { DB, Submission } from '../db/types';
import type { LedgerWriter } from '../works/ledger-transaction';
import type { TrustResult } from './trust';

/** Gives several works one verification token: the works of one batch, confirmed by one link. */
export async function storeVerifyTokenForWorks(
  db: LedgerWriter,
  ids: readonly string[],
  tokenHash: string,
  sentAt: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('submissions')
    .set({ email_verify_token_hash: tokenHash, email_verify_sent_at: sentAt })
    .where('id', 'in', ids)
    .execute();
}

/** Every live work a verification token belongs to (several for a batch), oldest first. */
export async function findWorksByVerifyTokenHash(db: Kysely<DB>, tokenHash: string): Promise<Submission[]> {
  return db
    .selectFrom('submissions')
    .selectAll()
    .where('email_verify_token_hash', '=', tokenHash)
    .where('deleted_at', 'is', null)
    .where('purged_at', 'is', null)
    .orderBy('registry_seq')
    .execute();
}

/**
 * Marks the e-mail verified and stores the new score, only while the token is still the one
 * stored: opening the link twice at once verifies once. Returns false when the token was used.
 */
export async function markEmailVerified(
  db: LedgerWriter,
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
