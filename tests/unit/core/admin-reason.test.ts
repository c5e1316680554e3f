// The admin reason rule (core/admin-reason.ts): one rule for the moderation routes' bodies and
// the admin dialogs, with the exact words the admin pages show.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminReasonProblem, adminReasonSchema } from '../../../core/admin-reason';
import { removeSubmissionBodySchema, restoreSubmissionBodySchema } from '../../../core/api/admin';
import { message, type MessageId } from '../../../core/messages';
import { removalDecisionSchema } from '../../../core/schemas';
import { firstIssueMessage } from '../../../core/validation';

function refusal(schema: z.ZodType, body: unknown) {
  const result = schema.safeParse(body);
  if (result.success) throw new Error('expected the body to be refused');
  const { title, description, field } = firstIssueMessage(result.error);
  return { title, description, field };
}

describe('the reason of a removal', () => {
  it.each([{}, { reason: null }, { reason: '' }, { reason: '   ' }])(
    "refuses %j with 'Error' / 'Please give a reason for removing this submission.'",
    (body) => {
      expect(refusal(removeSubmissionBodySchema, body)).toEqual({
        title: 'Error',
        description: 'Please give a reason for removing this submission.',
        field: 'reason',
      });
    },
  );

  it("refuses a reason that is not text with 'The reason must be text.'", () => {
    expect(refusal(removeSubmissionBodySchema, { reason: 12 })).toEqual({
      title: 'Error',
      description: 'The reason must be text.',
      field: 'reason',
    });
  });

  it('counts at most 2000 characters once the surrounding spaces are gone', () => {
    expect(removeSubmissionBodySchema.parse({ reason: `  ${'x'.repeat(2000)}  ` })).toEqual({ reason: 'x'.repeat(2000) });
    expect(refusal(removeSubmissionBodySchema, { reason: 'x'.repeat(2001) })).toEqual({
      title: 'Reason too long',
      description: 'The reason can be at most 2000 characters.',
      field: 'reason',
    });
  });
});

describe('the reason of a restore and a purge', () => {
  it('lets a restore go without a reason, and trims one that is given', () => {
    expect(restoreSubmissionBodySchema.parse({})).toEqual({});
    expect(restoreSubmissionBodySchema.parse({ reason: null })).toEqual({ reason: null });
    expect(restoreSubmissionBodySchema.parse({ reason: '  proved ownership ' })).toEqual({ reason: 'proved ownership' });
    expect(refusal(restoreSubmissionBodySchema, { reason: ['x'] }).description).toBe('The reason must be text.');
    expect(refusal(restoreSubmissionBodySchema, { reason: 'x'.repeat(2001) }).description).toBe(
      'The reason can be at most 2000 characters.',
    );
  });

  it("requires a purge's reason: 'Please give a reason for purging this submission.'", () => {
    expect(refusal(z.object({ reason: adminReasonSchema('purge') }), { reason: ' ' })).toEqual({
      title: 'Error',
      description: 'Please give a reason for purging this submission.',
      field: 'reason',
    });
  });
});

describe('the notes of a removal-request decision', () => {
  it("refuses missing, blank or non-text notes with 'Please provide admin notes for this action.', and more than 2000 characters", () => {
    for (const admin_notes of [undefined, null, ' ', 7]) {
      expect(refusal(removalDecisionSchema, { decision: 'denied', admin_notes }).description).toBe(
        'Please provide admin notes for this action.',
      );
    }
    expect(refusal(removalDecisionSchema, { decision: 'denied', admin_notes: 'n'.repeat(2001) })).toEqual({
      title: 'Notes too long',
      description: 'Admin notes can be at most 2000 characters.',
      field: 'admin_notes',
    });
  });
});

describe('the check the dialogs make', () => {
  const words = (id: MessageId | null) => (id ? message(id).description : null);

  it('names the same refusal the server gives, and nothing for a reason it accepts', () => {
    expect(words(adminReasonProblem('remove', '  '))).toBe('Please give a reason for removing this submission.');
    expect(words(adminReasonProblem('remove', 'x'.repeat(2001)))).toBe('The reason can be at most 2000 characters.');
    expect(adminReasonProblem('remove', 'Spam')).toBeNull();
    expect(adminReasonProblem('restore', '')).toBeNull();
    expect(words(adminReasonProblem('decision', ''))).toBe('Please provide admin notes for this action.');
  });
});
