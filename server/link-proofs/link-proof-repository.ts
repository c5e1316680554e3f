// Rows of `link_proofs` (migration 024): the last check of each link, per work or per artist. A new
// check replaces the old one; the history of checks is not kept, only when the state was known.
import type { Kysely, Transaction } from 'kysely';
import type { LinkProofReason } from '../../core/link-proof-texts';
import type { DB } from '../db/types';
import type { LinkProofState } from './check-link-proof';

type Db = Kysely<DB> | Transaction<DB>;

/** Whose link it is: a registered work, or an artist identity (the claimed name). */
export type LinkProofSubject = { submissionId: string } | { artistName: string };

export interface StoredLinkProof {
  url: string;
  proof: LinkProofState;
}

function subjectColumns(subject: LinkProofSubject) {
  return 'submissionId' in subject
    ? { submission_id: subject.submissionId, artist_name: null }
    : { submission_id: null, artist_name: subject.artistName };
}

/** Records the result of one check of `url` for `subject`, replacing the previous one. */
export async function recordLinkProof(db: Db, subject: LinkProofSubject, url: string, proof: LinkProofState): Promise<void> {
  const values = {
    state: proof.state,
    method: proof.state === 'proven' ? proof.method : null,
    reason: proof.state === 'not_proven' ? proof.reason : null,
    checked_at: proof.checkedAt,
  };
  const key = 'submissionId' in subject ? 'submission_id' : 'artist_name';
  await db
    .insertInto('link_proofs')
    .values({ ...subjectColumns(subject), url, ...values })
    // The conflict target names the partial unique index of the subject's kind.
    .onConflict((oc) => oc.columns([key, 'url']).where(key, 'is not', null).doUpdateSet(values))
    .execute();
}

/** The stored checks of a subject's links, by address. */
export async function linkProofsOf(db: Db, subject: LinkProofSubject): Promise<StoredLinkProof[]> {
  const query = db.selectFrom('link_proofs').select(['url', 'state', 'method', 'reason', 'checked_at']).orderBy('url');
  const rows = await (
    'submissionId' in subject
      ? query.where('submission_id', '=', subject.submissionId)
      : query.where('artist_name', '=', subject.artistName)
  ).execute();
  return rows.map((row) => ({
    url: row.url,
    proof:
      row.state === 'proven'
        ? { state: 'proven', method: row.method!, checkedAt: row.checked_at }
        : // The table's CHECK admits only the reasons of core/link-proof-texts.ts.
          { state: 'not_proven', reason: row.reason as LinkProofReason, checkedAt: row.checked_at },
  }));
}

/** A purge erases the work's links with everything else it held (decision 0005). */
export async function deleteLinkProofsOfWork(db: Db, submissionId: string): Promise<void> {
  await db.deleteFrom('link_proofs').where('submission_id', '=', submissionId).execute();
}
