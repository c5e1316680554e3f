// A change an artist makes to one of their works (issue 18): resources, prompt visibility,
// public or private. One transaction locks the work, re-scores it with the trust engine exactly
// as at registration, writes the row, its audit entry (full old and new values), an 'updated'
// leaf in the transparency log (ids and hashes only) and the public history entry; all of them
// commit or none does.
import crypto from 'node:crypto';
import { badRequest, notFound } from '../../core/app-error';
import type { ManageWorkChange } from '../../core/api/manage';
import type { WorkUpdateChanges } from '../../core/api/work-history';
import { MESSAGES } from '../../core/messages';
import { writeAudit } from '../audit/write-audit';
import type { DB, Submission, SubmissionUpdate } from '../db/types';
import type { AppDeps } from '../deps';
import { canonicalJson } from '../tlog/canonical-json';
import { appendLogEvent } from '../tlog/store';
import { publicMetadata } from '../works/public-metadata';
import { insertWorkUpdate } from '../works/work-history-repository';
import { ARTIST_ACTOR, softDeleteSubmission } from '../works/lifecycle';
import { updateWorkRow } from '../works/works-repository';
import type { LinkChecks } from '../link-proofs/link-checks';
import type { RescoreWork, StoredResource } from '../works/manage-ports';
import type { WorkEvent, WorkEvents } from '../works/work-events';
import type { Transaction } from 'kysely';
import { applyResourceEdit, profileColumns, storedResources } from './managed-resources';
import { findOwnWorkForUpdate } from './manage-repository';
import { ledgerTransaction } from '../works/ledger-transaction';

export interface ChangeContext {
  email: string;
  meta: { ip: string | null; user_agent: string | null };
  /** Where the change's webhook events are queued, in its transaction (decision 0069). */
  events: WorkEvents;
}

function workNotFound() {
  return notFound(MESSAGES.manageWorkNotFound.description);
}

async function lockOwnWork(trx: Transaction<DB>, email: string, id: string): Promise<Submission> {
  const row = await findOwnWorkForUpdate(trx, email, id);
  if (!row) throw workNotFound();
  if (row.deleted_at) {
    const { title, description } = MESSAGES.manageWorkWithdrawn;
    throw badRequest(description, undefined, title);
  }
  return row;
}

/**
 * SHA-256 of the canonical JSON of the fields an artist can change, as they stand after the
 * change: the 'updated' leaf commits to them without holding them. Private values (a private
 * prompt, the address) are not among them.
 */
export function changedRecordHash(row: Submission): string {
  const record = {
    id: row.id,
    registry_id: row.registry_id,
    is_public: row.is_public,
    prompt_visibility: row.prompt_visibility,
    allow_ai_training: row.allow_ai_training,
    trust_meter: row.trust_meter,
    trust_rubric_version: row.trust_rubric_version,
    verification_resources: storedResources(row.verification_resources).map((r) => ({
      type: r.type,
      url: r.url,
      description: r.description,
    })),
    updated_at: new Date(row.updated_at).toISOString(),
  };
  return crypto.createHash('sha256').update(canonicalJson(record), 'utf8').digest('hex');
}

function auditedFields(row: Submission) {
  return {
    verification_resources: storedResources(row.verification_resources),
    prompt_visibility: row.prompt_visibility,
    is_public: row.is_public,
    allow_ai_training: row.allow_ai_training,
    trust_meter: row.trust_meter,
  };
}

export interface ChangeResult {
  work: Submission;
  leafIndex: number | null;
}

export async function changeWork(
  deps: Pick<AppDeps, 'db' | 'now'>,
  { rescore, linkChecks }: { rescore: RescoreWork; linkChecks: LinkChecks },
  id: string,
  change: ManageWorkChange,
  ctx: ChangeContext,
): Promise<ChangeResult> {
  const result = await ledgerTransaction(deps.db, async (trx) => {
    const row = await lockOwnWork(trx, ctx.email, id);
    const now = deps.now();
    const stored = storedResources(row.verification_resources);
    const edit = change.resources ? applyResourceEdit(stored, change.resources) : { next: stored, added: 0, removed: 0 };
    const promptVisibility = change.prompt_visibility ?? row.prompt_visibility;
    const isPublic = change.visibility === undefined ? row.is_public : change.visibility === 'public';

    const changes: WorkUpdateChanges = { resources_added: edit.added, resources_removed: edit.removed };
    if (promptVisibility !== row.prompt_visibility) changes.prompt_visibility = promptVisibility;
    if (isPublic !== row.is_public) changes.visibility = isPublic ? 'public' : 'private';
    const allowTraining = change.allow_ai_training ?? row.allow_ai_training;
    if (allowTraining !== row.allow_ai_training) changes.allow_ai_training = allowTraining;
    const resourcesChanged = JSON.stringify(edit.next) !== JSON.stringify(stored);
    const consentChanged = changes.allow_ai_training !== undefined;
    const workChanged = resourcesChanged || !!changes.prompt_visibility || !!changes.visibility;
    if (!workChanged && !consentChanged) {
      const { title, description } = MESSAGES.manageNothingChanged;
      throw badRequest(description, undefined, title);
    }

    // Read in the transaction: on the embedded database it holds the only connection.
    const trust = await rescore(trx, row, { resources: edit.next, promptVisibility });
    const set: SubmissionUpdate = {
      verification_resources: JSON.stringify(edit.next),
      ...profileColumns(edit.next as StoredResource[]),
      prompt_visibility: promptVisibility,
      // Making the prompt private also takes it out of the stored copy of the file's metadata.
      ...(changes.prompt_visibility === 'private'
        ? { embedded_metadata: JSON.stringify(publicMetadata(row.embedded_metadata, 'private')) }
        : {}),
      is_public: isPublic,
      allow_ai_training: allowTraining,
      trust_meter: trust.score,
      trust_breakdown: JSON.stringify(trust.breakdown),
      trust_rubric_version: trust.rubricVersion,
      prompt_specificity: JSON.stringify(trust.promptSpecificity),
      updated_at: now,
    };
    const updated = await updateWorkRow(trx, row.id, set);
    await writeAudit(trx, {
      table_name: 'submissions',
      record_id: row.id,
      action_type: 'UPDATE',
      admin: ARTIST_ACTOR,
      reason: 'Changed by the artist',
      old_values: auditedFields(row),
      new_values: auditedFields(updated),
      ip: ctx.meta.ip,
      user_agent: ctx.meta.user_agent,
      at: now,
    });
    const leaf = row.image_hash
      ? await appendLogEvent(trx, {
          event: 'updated',
          registry_id: row.registry_id,
          submission_id: row.id,
          image_sha256: row.image_hash,
          time: now,
          record_sha256: changedRecordHash(updated),
        })
      : null;
    await insertWorkUpdate(trx, {
      submissionId: row.id,
      changes,
      scoreBefore: row.trust_meter,
      scoreAfter: trust.score,
      leafIndex: leaf?.leafIndex ?? null,
      at: now,
    });
    // New links are checked in the background (issue 33); the caller wakes the checker after the commit.
    if (resourcesChanged) await linkChecks.queue(trx, row.id);
    const work = { id: row.id, registry_id: row.registry_id };
    const events: WorkEvent[] = [];
    if (workChanged) events.push({ type: 'work.updated', work });
    if (consentChanged) events.push({ type: 'consent.changed', work });
    await ctx.events.queue(trx, events);
    return { work: updated, leafIndex: leaf?.leafIndex ?? null };
  });
  ctx.events.wake();
  return result;
}

/** Withdraws the work: a soft delete with the artist's reason, logged like a removal. */
export async function withdrawWork(deps: Pick<AppDeps, 'db' | 'now'>, id: string, reason: string, ctx: ChangeContext): Promise<void> {
  await ledgerTransaction(deps.db, async (trx) => {
    const row = await lockOwnWork(trx, ctx.email, id);
    await softDeleteSubmission(trx, row, reason, { admin: ARTIST_ACTOR, now: deps.now(), meta: ctx.meta, events: ctx.events });
  });
  ctx.events.wake();
}
