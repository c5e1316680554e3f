// The receipt of one registered work: what POST /api/submissions answers with 201, and what
// each registered item of a batch carries.
import type { SubmissionCreated } from '../../core/api/submissions';
import type { RegisteredWork } from './submission-service';

export function receiptOf(work: RegisteredWork): SubmissionCreated {
  return {
    id: work.id,
    registry_id: work.registry_id,
    trust_meter: work.trust_meter,
    status: work.status,
    verify_url: work.verify_url,
  };
}
