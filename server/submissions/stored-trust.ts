// Storing re-scored works' trust (a link check, a claimed name, a new rubric): the score columns,
// a line in each work's public history, and an audit row, in the caller's transaction.
// Nothing is written when the score and its findings are what they were.
import { VERIFIED_THRESHOLD } from '../../core/constants';
import { announceQualifyingWork, storeTrustColumns } from './rescore-repository';
import type { WorkUpdateChanges } from '../../core/api/work-history';
import { writeAudits, type AuditActor } from '../audit/write-audit';
import type { Submission } from '../db/types';
import type { LedgerWriter } from '../works/ledger-transaction';
import { insertWorkUpdates } from '../works/work-history-repository';
import type { TrustResult } from './trust';

/** Re-scoring is done by the registry itself, not by a person. */
export const REGISTRY_ACTOR: AuditActor = { id: null, email: 'registry (link checks and re-scoring)' };

export type RescoreCause = Pick<
  WorkUpdateChanges,
  'links_proven' | 'links_lost' | 'domains_proven' | 'domains_lost' | 'rubric_version' | 'co_authors_confirmed'
>;

function checkChanged(cause: RescoreCause): boolean {
  return [cause.links_proven, cause.links_lost, cause.domains_proven, cause.domains_lost].some((n) => (n ?? 0) > 0);
}

function sameTrust(work: Submission, trust: TrustResult): boolean {
  const stored = work.trust_breakdown as { reasons?: unknown; advice?: unknown } | null;
  return (
    work.trust_meter === trust.score &&
    work.trust_rubric_version === trust.rubricVersion &&
    JSON.stringify(stored?.reasons ?? null) === JSON.stringify(trust.reasons) &&
    JSON.stringify(stored?.advice ?? null) === JSON.stringify(trust.advice)
  );
}

/** Stores `trust` for `work` when it differs; returns whether anything was written. */
export async function storeRescoredTrust(
  trx: LedgerWriter,
  work: Submission,
  trust: TrustResult,
  cause: RescoreCause,
  at: Date,
): Promise<boolean> {
  return (await storeRescoredTrusts(trx, [{ work, trust }], cause, at)) === 1;
}

/**
 * Stores each work's new trust when it differs, with one statement per table for the whole batch
 * (storeTrustColumns says why); returns how many works were written.
 */
export async function storeRescoredTrusts(
  trx: LedgerWriter,
  rescored: readonly { work: Submission; trust: TrustResult }[],
  cause: RescoreCause,
  at: Date,
): Promise<number> {
  const causeShown = checkChanged(cause) || (cause.co_authors_confirmed ?? 0) > 0;
  const written = rescored.filter(({ work, trust }) => !sameTrust(work, trust) || causeShown);
  if (written.length === 0) return 0;
  await storeTrustColumns(
    trx,
    written.map(({ work, trust }) => ({ id: work.id, trust })),
  );
  // A public work that reaches Verified is announced as a new one is (the home page's featured
  // list and the ledger listen): at registration no link is proven yet, so this is when it qualifies.
  for (const { work, trust } of written)
    if (work.is_public && work.trust_meter < VERIFIED_THRESHOLD && trust.score >= VERIFIED_THRESHOLD)
      await announceQualifyingWork(trx, work.id, trust.score);
  await insertWorkUpdates(
    trx,
    written
      .filter(({ work, trust }) => work.trust_meter !== trust.score || causeShown)
      .map(({ work, trust }) => ({
        submissionId: work.id,
        changes: { resources_added: 0, resources_removed: 0, ...cause },
        scoreBefore: work.trust_meter,
        scoreAfter: trust.score,
        leafIndex: null,
        at,
      })),
  );
  await writeAudits(
    trx,
    written.map(({ work, trust }) => ({
      table_name: 'submissions',
      record_id: work.id,
      action_type: 'UPDATE' as const,
      admin: REGISTRY_ACTOR,
      reason: describeCause(cause),
      old_values: { trust_meter: work.trust_meter, trust_rubric_version: work.trust_rubric_version },
      new_values: { trust_meter: trust.score, trust_rubric_version: trust.rubricVersion },
      at,
    })),
  );
  return written.length;
}

function describeCause(cause: RescoreCause): string {
  if (cause.rubric_version) return `Re-scored under trust rubric ${cause.rubric_version}`;
  if ((cause.co_authors_confirmed ?? 0) > 0) return 'Re-scored: a co-author confirmed by e-mail';
  if ((cause.domains_proven ?? 0) > 0 || (cause.domains_lost ?? 0) > 0) return 'Re-scored after a domain check';
  if (checkChanged(cause)) return 'Re-scored after a link check';
  return "Re-scored: the artist's identity changed";
}
