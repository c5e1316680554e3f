// Rows of `link_proofs` (migration 024): the last check of each link, per work or per artist. A new
// check replaces the old one; the history of checks is not kept, only when the state was known.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { LinkProofReason } from '../../core/link-proof-texts';
import type { DB } from '../db/types';
import type { LinkProofState } from './check-link-proof';

type Db = Kysely<DB> | Transaction<DB>;

/** Whose link it is: a registered work, or an artist identity (the claimed name). */
export type LinkProofSubject = { submissionId: string } | { artistName: string };

export interface StoredLinkProof {
  url: string;
  proof: LinkProofState;
  /** Since when it has been proven without a break; null while not proven. */
  provenAt: Date | null;
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
    proven_at: proof.state === 'proven' ? proof.checkedAt : null,
  };
  const key = 'submissionId' in subject ? 'submission_id' : 'artist_name';
  await db
    .insertInto('link_proofs')
    .values({ ...subjectColumns(subject), url, ...values })
    // The conflict target names the partial unique index of the subject's kind. A link proven
    // again keeps the time it was first proven; one that is not proven any more loses it.
    .onConflict((oc) =>
      oc
        .columns([key, 'url'])
        .where(key, 'is not', null)
        .doUpdateSet({
          ...values,
          proven_at: proof.state === 'proven' ? sql<Date>`coalesce(link_proofs.proven_at, ${proof.checkedAt})` : sql<null>`NULL`,
        }),
    )
    .execute();
}

/** Forgets the checks of links the work no longer has (the artist removed them). */
export async function forgetOtherLinks(db: Db, submissionId: string, keep: readonly string[]): Promise<void> {
  let query = db.deleteFrom('link_proofs').where('submission_id', '=', submissionId);
  if (keep.length > 0) query = query.where('url', 'not in', [...keep]);
  await query.execute();
}

/** The stored checks of a subject's links, by address. */
export async function linkProofsOf(db: Db, subject: LinkProofSubject): Promise<StoredLinkProof[]> {
  const query = db.selectFrom('link_proofs').select(['url', 'state', 'method', 'reason', 'checked_at', 'proven_at']).orderBy('url');
  const rows = await (
    'submissionId' in subject
      ? query.where('submission_id', '=', subject.submissionId)
      : query.where('artist_name', '=', subject.artistName)
  ).execute();
  return rows.map((row) => ({
    url: row.url,
    provenAt: row.proven_at,
    proof:
      row.state === 'proven'
        ? { state: 'proven', method: row.method!, checkedAt: row.checked_at }
        : // The table's CHECK admits only the reasons of core/link-proof-texts.ts.
          { state: 'not_proven', reason: row.reason as LinkProofReason, checkedAt: row.checked_at },
  }));
}

/** The addresses of a work's links that its last checks proved. */
export async function provenUrlsOfWork(db: Db, submissionId: string): Promise<Set<string>> {
  return (await provenUrlsOfWorks(db, [submissionId])).get(submissionId) ?? new Set();
}

/** provenUrlsOfWork for many works with one statement (a re-scoring batch): only works with a proven link are keys. */
export async function provenUrlsOfWorks(db: Db, submissionIds: readonly string[]): Promise<Map<string, Set<string>>> {
  const byWork = new Map<string, Set<string>>();
  if (submissionIds.length === 0) return byWork;
  const rows = await db
    .selectFrom('link_proofs')
    .select(['submission_id', 'url'])
    .where('submission_id', 'in', [...submissionIds])
    .where('state', '=', 'proven')
    .execute();
  for (const row of rows) {
    const urls = byWork.get(row.submission_id!) ?? new Set<string>();
    urls.add(row.url);
    byWork.set(row.submission_id!, urls);
  }
  return byWork;
}

/** A purge erases the work's links with everything else it held (decision 0005). */
export async function deleteLinkProofsOfWork(db: Db, submissionId: string): Promise<void> {
  await db.deleteFrom('link_proofs').where('submission_id', '=', submissionId).execute();
}

/** The stored checks of several works' links, for pages that show many works. */
export async function proofRowsOfWorks(db: Db, submissionIds: readonly string[]) {
  if (submissionIds.length === 0) return [];
  return db
    .selectFrom('link_proofs')
    .select(['submission_id', 'url', 'state', 'method', 'reason', 'checked_at', 'proven_at'])
    .where('submission_id', 'in', [...submissionIds])
    .execute();
}
