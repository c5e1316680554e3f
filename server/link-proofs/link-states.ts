// Each link of some works with its state (issue 33): the stored check when there is one, else
// 'pending'. Read for the proof page, the manage page and the public API from link_proofs.
import type { Kysely } from 'kysely';
import type { LinkProof } from '../../core/api/link-proofs';
import { linkProofReasonText, type LinkProofReason } from '../../core/link-proof-texts';
import type { DB } from '../db/types';
import { proofRowsOfWorks } from './link-proof-repository';
import { linksToCheck } from './work-links';

export async function linkStatesOf(
  db: Kysely<DB>,
  works: readonly { id: string; verification_resources: unknown }[],
): Promise<Map<string, LinkProof[]>> {
  const rows = await proofRowsOfWorks(
    db,
    works.map((w) => w.id),
  );
  const byWork = new Map<string, Map<string, (typeof rows)[number]>>();
  for (const row of rows) {
    const own = byWork.get(row.submission_id!) ?? new Map();
    own.set(row.url, row);
    byWork.set(row.submission_id!, own);
  }
  return new Map(
    works.map((work) => [
      work.id,
      linksToCheck(work.verification_resources).map((url): LinkProof => {
        const row = byWork.get(work.id)?.get(url);
        if (!row) return { url, state: 'pending', reason: null, checked_at: null, proven_at: null, method: null };
        return {
          url,
          state: row.state,
          reason: row.state === 'not_proven' && row.reason ? linkProofReasonText(row.reason as LinkProofReason) : null,
          checked_at: new Date(row.checked_at).toISOString(),
          proven_at: row.proven_at ? new Date(row.proven_at).toISOString() : null,
          method: row.state === 'proven' ? row.method : null,
        };
      }),
    ]),
  );
}
