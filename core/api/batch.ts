// Batch registration (POST /api/submissions/batch): several works in one request, each a
// registration of its own with its own receipt. The fields every work shares are sent once;
// each item names its upload and its own title and prompt, and may override any shared field.
// Every merged item is checked by the same schema as POST /api/submissions (core/schemas.ts).
import { z } from 'zod';
import { BATCH_MAX_WORKS } from '../constants';
import { err } from '../schemas';
import { submissionCreatedSchema } from './submissions';

const fieldsObject = z.record(z.string(), z.unknown());

export const batchSubmissionBodySchema = z
  .object({
    shared: fieldsObject
      .default({})
      .describe('Fields of POST /api/submissions that every work shares (artist, e-mail, tool, permissions, links…).'),
    items: z
      .array(fieldsObject, err('batchEmpty'))
      .min(1, err('batchEmpty'))
      .max(BATCH_MAX_WORKS, err('batchTooLarge'))
      .describe(`One object per work (1–${BATCH_MAX_WORKS}): upload_id, title, prompt, and any shared field to override.`),
  })
  .meta({ id: 'BatchSubmission', description: 'Several works to register at once.' });
export type BatchSubmissionBody = z.input<typeof batchSubmissionBodySchema>;

export const batchItemErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  title: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional().describe('Per-field messages, as POST /api/submissions gives them.'),
});

export const batchItemResultSchema = z.discriminatedUnion('status', [
  z.object({
    index: z.number().int().describe('Position of the item in the request, from 0.'),
    status: z.literal('registered'),
    work: submissionCreatedSchema,
  }),
  z.object({
    index: z.number().int(),
    status: z.literal('failed'),
    error: batchItemErrorSchema,
  }),
]);
export type BatchItemResult = z.infer<typeof batchItemResultSchema>;

export const batchSubmissionResultSchema = z
  .object({
    registered: z.number().int(),
    failed: z.number().int(),
    results: z.array(batchItemResultSchema).describe('One result per item, in the order sent.'),
  })
  .meta({
    id: 'BatchSubmissionResult',
    description: 'What became of each work of a batch: a failed work never stops the others.',
  });
/** POST /api/submissions/batch → 200 */
export type BatchSubmissionResult = z.infer<typeof batchSubmissionResultSchema>;
