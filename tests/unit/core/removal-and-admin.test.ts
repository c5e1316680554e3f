import { describe, expect, it } from 'vitest';
import { adminLoginSchema, adminSubmissionIdSchema, removalDecisionSchema, removalRequestSchema } from '../../../core/schemas';
import { firstIssueMessage } from '../../../core/validation';
import type { z } from 'zod';

function firstError(schema: z.ZodType, body: unknown) {
  const result = schema.safeParse(body);
  if (result.success) throw new Error('expected the body to be refused');
  const { title, description, field } = firstIssueMessage(result.error);
  return { title, description, field };
}

const removal = {
  submission_url: 'https://example.org/verify/VW-2025-000001',
  requestor_name: 'Ada Lovelace',
  requestor_email: 'ada@example.com',
  reason: 'This is my artwork, posted without consent.',
};

describe('removal request', () => {
  it('accepts a complete request with or without additional info', () => {
    expect(removalRequestSchema.safeParse(removal).success).toBe(true);
    expect(removalRequestSchema.safeParse({ ...removal, additional_info: null }).success).toBe(true);
  });

  it.each(['submission_url', 'requestor_name', 'requestor_email', 'reason'])(
    "refuses a blank %s with 'Missing Information' / 'Please fill in all required fields.'",
    (field) => {
      expect(firstError(removalRequestSchema, { ...removal, [field]: '  ' })).toEqual({
        title: 'Missing Information',
        description: 'Please fill in all required fields.',
        field,
      });
    },
  );

  it("refuses a malformed e-mail with 'Invalid Email' / 'Please enter a valid email address.'", () => {
    expect(firstError(removalRequestSchema, { ...removal, requestor_email: 'ada@example' })).toEqual({
      title: 'Invalid Email',
      description: 'Please enter a valid email address.',
      field: 'requestor_email',
    });
  });

  it('reports missing fields before a malformed e-mail', () => {
    expect(firstError(removalRequestSchema, { ...removal, requestor_email: 'bad', reason: '' }).title).toBe('Missing Information');
  });

  it('refuses over-long fields with a message naming the limit', () => {
    expect(firstError(removalRequestSchema, { ...removal, submission_url: 'u'.repeat(2001) })).toEqual({
      title: 'Artwork URL too long',
      description: 'The artwork URL or ID can be at most 2000 characters.',
      field: 'submission_url',
    });
    expect(firstError(removalRequestSchema, { ...removal, requestor_name: 'n'.repeat(101) }).description).toBe(
      'Your name can be at most 100 characters.',
    );
    expect(firstError(removalRequestSchema, { ...removal, requestor_email: `${'a'.repeat(95)}@example.com` }).description).toBe(
      'Email addresses can be at most 100 characters.',
    );
    expect(firstError(removalRequestSchema, { ...removal, reason: 'r'.repeat(2001) }).description).toBe(
      'The reason can be at most 2000 characters.',
    );
    expect(firstError(removalRequestSchema, { ...removal, additional_info: 'i'.repeat(5001) }).description).toBe(
      'Additional information can be at most 5000 characters.',
    );
  });
});

describe('admin forms', () => {
  it("refuses a login without e-mail or password: 'Please enter email and password.'", () => {
    expect(firstError(adminLoginSchema, { email: '', password: 'secret' })).toEqual({
      title: 'Error',
      description: 'Please enter email and password.',
      field: 'email',
    });
    expect(firstError(adminLoginSchema, { email: 'admin@example.com' })).toEqual({
      title: 'Error',
      description: 'Please enter email and password.',
      field: 'password',
    });
  });

  it('keeps spaces in a password', () => {
    expect(adminLoginSchema.parse({ email: ' admin@example.com ', password: ' pass ' })).toEqual({
      email: 'admin@example.com',
      password: ' pass ',
    });
  });

  it("requires admin notes to approve or deny: 'Error' / 'Please provide admin notes for this action.'", () => {
    expect(firstError(removalDecisionSchema, { decision: 'approved', admin_notes: ' ' })).toEqual({
      title: 'Error',
      description: 'Please provide admin notes for this action.',
      field: 'admin_notes',
    });
    expect(removalDecisionSchema.safeParse({ decision: 'denied', admin_notes: 'Not the owner.' }).success).toBe(true);
  });

  it("accepts only 'approved' or 'denied' as a decision", () => {
    expect(firstError(removalDecisionSchema, { decision: 'processing', admin_notes: 'x' }).description).toBe(
      "The decision must be 'approved' or 'denied'.",
    );
  });

  it("refuses an empty delete-tool id: 'Please enter a submission ID'", () => {
    expect(firstError(adminSubmissionIdSchema, { submission_id: '' })).toEqual({
      title: 'Error',
      description: 'Please enter a submission ID',
      field: 'submission_id',
    });
  });
});
