// Temporal context: can the work be placed in time? Its registration in the append-only
// transparency log fixes when it was claimed; a creation time in the file that comes before
// the submission fits the story, one that comes after it does not.
import { dayOf, parseTime } from './evidence-facts';
import { TEMPORAL_CONTEXT as T } from './rubric';
import type { DimensionScoring, TrustEvidence, TrustReason } from './types';

const HOUR_MS = 3_600_000;

export function scoreTemporalContext(evidence: TrustEvidence): DimensionScoring {
  const reasons: TrustReason[] = [];
  if (parseTime(evidence.loggedAt) !== null) {
    reasons.push({ text: 'Registration recorded in the transparency log', points: T.logged });
  }

  const created = parseTime(evidence.embedded.createDate);
  const submitted = parseTime(evidence.submittedAt);
  if (created !== null && submitted !== null) {
    if (created <= submitted + T.clockToleranceHours * HOUR_MS) {
      reasons.push({ text: `Embedded creation time (${dayOf(created)}) is before the submission`, points: T.createdBeforeSubmission });
    } else {
      reasons.push({ text: `Embedded creation time (${dayOf(created)}) is after the submission`, points: T.createdAfterSubmission });
    }
  }
  // Nothing to advise: the log entry is automatic, and the creation time comes with the original
  // file, which the metadata advice already asks for.
  return { reasons, advice: [] };
}
