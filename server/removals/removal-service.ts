// Writes of removal requests: a visitor files one; an admin approves or denies a pending one.
// Approving also soft-deletes the linked work, in the same transaction as the decision.
import type { Kysely } from 'kysely';
import { appError, notFound } from '../../core/app-error';
import { API_ERRORS } from '../../core/api-error-texts';
import type { AdminRemovalRequest, RemovalDecisionResponse } from '../../core/admin-api-types';
import type { RemovalRequestCreated } from '../../core/api-types';
import { extractSubmissionIdFromUrl, isUuid } from '../../core/ids';
import type { RemovalDecisionBody, RemovalRequestBody } from '../../core/schemas';
import type { DB } from '../db/types';
import type { AppDeps } from '../deps';
import { auditedBy, writeAudit } from '../audit/write-audit';
import { softDeleteSubmission, type ModerationContext } from '../works/lifecycle';
import { findWorkId, findWorksForUpdate } from '../works/works-repository';
import { findRemovalRequest, insertRemovalRequest, lockRemovalRequest, updateRemovalRequest } from './removal-repository';
import { ledgerTransaction } from '../works/ledger-transaction';

/** The UUID of the work the request names, or null when it names none that exists. */
async function resolveSubmissionId(db: Kysely<DB>, submissionUrl: string): Promise<string | null> {
  const ref = extractSubmissionIdFromUrl(submissionUrl);
  if (!ref) return null;
  return (await findWorkId(db, ref)) ?? null;
}

export async function createRemovalRequest(
  deps: AppDeps,
  body: RemovalRequestBody,
  requestIp: string,
): Promise<RemovalRequestCreated> {
  const submissionId = await resolveSubmissionId(deps.db, body.submission_url);
  const row = await insertRemovalRequest(deps.db, {
    submission_url: body.submission_url,
    submission_id: submissionId,
    requestor_name: body.requestor_name,
    requestor_email: body.requestor_email,
    reason: body.reason,
    additional_info: body.additional_info || null,
    request_ip: requestIp,
    created_at: deps.now(),
  });
  return { id: row.id, status: 'pending', submission_id: row.submission_id };
}

function decisionFields(r: { status: string; admin_notes: string | null; processed_by: string | null; processed_at: Date | null }) {
  return { status: r.status, admin_notes: r.admin_notes, processed_by: r.processed_by, processed_at: r.processed_at };
}

export async function decideRemovalRequest(
  deps: AppDeps,
  id: string,
  body: RemovalDecisionBody,
  ctx: ModerationContext,
): Promise<RemovalDecisionResponse> {
  if (!isUuid(id)) throw notFound(API_ERRORS.removalRequestNotFound);
  return ledgerTransaction(deps.db, async (trx) => {
    const current = await lockRemovalRequest(trx, id);
    if (!current) throw notFound(API_ERRORS.removalRequestNotFound);
    if (current.status !== 'pending') throw appError('already_processed');

    const next = { status: body.decision, admin_notes: body.admin_notes, processed_by: ctx.admin.email, processed_at: ctx.now };
    await updateRemovalRequest(trx, id, next);
    await writeAudit(trx, {
      table_name: 'removal_requests',
      record_id: id,
      action_type: 'UPDATE',
      reason: body.admin_notes,
      old_values: decisionFields(current),
      new_values: next,
      ...auditedBy(ctx),
    });

    let submission: RemovalDecisionResponse['submission'] = null;
    if (body.decision === 'approved' && current.submission_id) {
      const [work] = await findWorksForUpdate(trx, [current.submission_id]);
      // A work an admin already removed stays as it is; the request is still approved.
      if (work && !work.deleted_at && !work.purged_at) {
        submission = await softDeleteSubmission(trx, work, current.reason, ctx);
      }
    }
    const request = (await findRemovalRequest(trx, id)) as AdminRemovalRequest;
    return { request, submission };
  });
}
