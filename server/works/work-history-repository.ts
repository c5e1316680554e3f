// The public history of works (migration 013 work_updates): written by the manage feature in
// the transaction of the change, read by every public answer that shows a whole work.
import type { Kysely } from 'kysely';
import type { WorkUpdate, WorkUpdateChanges } from '../../core/api/work-history';
import type { DB } from '../db/types';

export interface NewWorkUpdate {
  submissionId: string;
  changes: WorkUpdateChanges;
  scoreBefore: number;
  scoreAfter: number;
  leafIndex: number | null;
  at: Date;
}

export async function insertWorkUpdate(trx: Kysely<DB>, update: NewWorkUpdate): Promise<void> {
  await insertWorkUpdates(trx, [update]);
}

/** Many entries with one statement (a re-scoring batch). */
export async function insertWorkUpdates(trx: Kysely<DB>, updates: readonly NewWorkUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  await trx
    .insertInto('work_updates')
    .values(
      updates.map((update) => ({
        submission_id: update.submissionId,
        changes: JSON.stringify(update.changes),
        score_before: update.scoreBefore,
        score_after: update.scoreAfter,
        leaf_index: update.leafIndex,
        created_at: update.at,
      })),
    )
    .execute();
}

// A work's history is short (each entry is a deliberate change by its artist); the cap keeps a
// public answer bounded whatever happens.
const MAX_HISTORY = 100;

function toWorkUpdate(row: {
  changes: unknown;
  score_before: number;
  score_after: number;
  leaf_index: string | null;
  created_at: Date;
}): WorkUpdate {
  const changes = (row.changes ?? {}) as Partial<WorkUpdateChanges>;
  return {
    at: new Date(row.created_at).toISOString(),
    // Copied field by field: only these may be public.
    changes: {
      resources_added: Number(changes.resources_added ?? 0),
      resources_removed: Number(changes.resources_removed ?? 0),
      ...(changes.prompt_visibility ? { prompt_visibility: changes.prompt_visibility } : {}),
      ...(changes.visibility ? { visibility: changes.visibility } : {}),
      ...(changes.links_proven ? { links_proven: Number(changes.links_proven) } : {}),
      ...(changes.links_lost ? { links_lost: Number(changes.links_lost) } : {}),
      ...(changes.domains_proven ? { domains_proven: Number(changes.domains_proven) } : {}),
      ...(changes.domains_lost ? { domains_lost: Number(changes.domains_lost) } : {}),
      ...(typeof changes.rubric_version === 'string' ? { rubric_version: changes.rubric_version } : {}),
      ...(typeof changes.allow_ai_training === 'boolean' ? { allow_ai_training: changes.allow_ai_training } : {}),
      ...(changes.co_authors_confirmed ? { co_authors_confirmed: Number(changes.co_authors_confirmed) } : {}),
    },
    score_before: row.score_before,
    score_after: row.score_after,
    leaf_index: row.leaf_index === null ? null : Number(row.leaf_index),
  };
}

/** The work's changes, oldest first. */
export async function readWorkHistory(db: Kysely<DB>, submissionId: string): Promise<WorkUpdate[]> {
  const rows = await db
    .selectFrom('work_updates')
    .select(['changes', 'score_before', 'score_after', 'leaf_index', 'created_at'])
    .where('submission_id', '=', submissionId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_HISTORY)
    .execute();
  return rows.reverse().map(toWorkUpdate);
}

/** The histories of several works at once (the manage page lists all of an artist's works). */
export async function readWorkHistories(db: Kysely<DB>, submissionIds: readonly string[]): Promise<Map<string, WorkUpdate[]>> {
  const histories = new Map<string, WorkUpdate[]>(submissionIds.map((id) => [id, []]));
  if (submissionIds.length === 0) return histories;
  const rows = await db
    .selectFrom('work_updates')
    .select(['submission_id', 'changes', 'score_before', 'score_after', 'leaf_index', 'created_at'])
    .where('submission_id', 'in', [...submissionIds])
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  for (const row of rows) histories.get(row.submission_id)?.push(toWorkUpdate(row));
  return histories;
}
