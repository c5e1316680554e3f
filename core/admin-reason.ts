// The reason an admin gives for a moderation step (remove, restore, purge) and the notes of a
// removal-request decision: stored with the change and in the audit log (decision 0005). Whether
// it is required, how long it may be and the words of each refusal are stated once here, for the
// server's body schemas and the admin dialogs, so the two cannot disagree.
import { z } from 'zod';
import { LIMITS } from './constants';
import type { MessageId } from './messages';

export const ADMIN_REASON_STEPS = ['remove', 'restore', 'purge', 'decision'] as const;
export type AdminReasonStep = (typeof ADMIN_REASON_STEPS)[number];

export interface AdminReasonRule {
  /** The refusal of a missing or blank reason; null when the step takes none. */
  required: MessageId | null;
  /** At most this many characters, surrounding spaces not counted. */
  max: number;
  tooLong: MessageId;
  /** The refusal of a value that is not text. */
  notText: MessageId;
}

export const ADMIN_REASON_RULES = {
  remove: {
    required: 'adminRemoveReasonRequired',
    max: LIMITS.removalReason,
    tooLong: 'removalReasonTooLong',
    notText: 'adminReasonNotText',
  },
  restore: { required: null, max: LIMITS.removalReason, tooLong: 'removalReasonTooLong', notText: 'adminReasonNotText' },
  purge: {
    required: 'adminPurgeReasonRequired',
    max: LIMITS.removalReason,
    tooLong: 'removalReasonTooLong',
    notText: 'adminReasonNotText',
  },
  // The decision form has always refused anything but text as missing notes.
  decision: { required: 'adminNotesRequired', max: LIMITS.adminNotes, tooLong: 'adminNotesTooLong', notText: 'adminNotesRequired' },
} as const satisfies Record<AdminReasonStep, AdminReasonRule>;

/** What the reason of `step` is once checked: text, or nothing when the step takes none. */
type AdminReason<S extends AdminReasonStep> = (typeof ADMIN_REASON_RULES)[S]['required'] extends null
  ? string | null | undefined
  : string;

/**
 * The reason field of `step`, trimmed; each issue's message is a MessageId. A required reason
 * that is absent or null is refused as missing, any other non-text as not text. An optional one
 * may be absent, null or blank (blank means none).
 */
export function adminReasonSchema<S extends AdminReasonStep>(step: S): z.ZodType<AdminReason<S>> {
  const rule: AdminReasonRule = ADMIN_REASON_RULES[step];
  const missing = rule.required;
  const text = z.string({ error: (issue) => (missing && issue.input == null ? missing : rule.notText) }).trim();
  const schema = missing
    ? text.min(1, { error: missing }).max(rule.max, { error: rule.tooLong })
    : text.max(rule.max, { error: rule.tooLong }).nullish();
  // Which of the two it is follows from the rule, which the compiler cannot see through.
  return schema as z.ZodType<AdminReason<S>>;
}

/** The refusal of `reason` for `step` as the dialogs check it, or null when it may be sent. */
export function adminReasonProblem(step: AdminReasonStep, reason: string): MessageId | null {
  const result = adminReasonSchema(step).safeParse(reason);
  return result.success ? null : (result.error.issues[0].message as MessageId);
}
