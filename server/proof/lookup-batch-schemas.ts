// Route schema of the bulk lookup (POST /api/lookup/batch), and the 400 it gives for a body that
// does not fit: the first bad entry by its index, so a client can fix its list.
import { z } from 'zod';
import { validationFailed, type AppError } from '../../core/app-error';
import { API_ERRORS, lookupBatchDistanceText, lookupBatchEntryText, lookupBatchShapeText } from '../../core/api-error-texts';
import { LOOKUP_BATCH } from '../../core/constants';
import type { ValidationIssueLike } from '../../core/validation';
import { errorResponses, jsonResponse } from '../http/api-schemas';
import { NEAR_DUPLICATE_MAX_DISTANCE } from '../image';
import { LOOKUP_BATCH_DEFAULT_DISTANCE, LOOKUP_BATCH_MAX_HASHES, PHASH_PATTERN, SHA256_PATTERN } from './lookup-batch';
import { LOOKUP_MAX_RESULTS } from './lookup';

const hashSchema = z
  .string()
  .refine((h) => SHA256_PATTERN.test(h) || PHASH_PATTERN.test(h))
  .describe('A SHA-256 of a file (64 hex digits) or a 64-bit perceptual hash (16 hex digits).');

const batchBodySchema = z.object({
  hashes: z.array(hashSchema).min(1).max(LOOKUP_BATCH_MAX_HASHES),
  max_distance: z
    .number()
    .int()
    .min(0)
    .max(NEAR_DUPLICATE_MAX_DISTANCE)
    .optional()
    .describe(
      `For perceptual hashes: the most bits a match may differ by, 0 to ${NEAR_DUPLICATE_MAX_DISTANCE} ` +
        `(default ${LOOKUP_BATCH_DEFAULT_DISTANCE}: the same hash). Up to 4, a full batch is answered; above, fewer ` +
        'perceptual hashes per request (distance 10: 467), as each costs more index probes.',
    ),
});

const batchMatchSchema = z.object({
  registry_id: z.string(),
  id: z.string(),
  proof_url: z.string(),
  sha256: z.string().nullable().describe('SHA-256 of the registered file.'),
  phash: z.string().nullable().describe('Perceptual hash of the registered image, 16 hex digits.'),
  distance: z.number().int().describe('Bits between the perceptual hashes; 0 for a SHA-256 match.'),
});

const batchResponseSchema = z
  .object({
    max_distance: z.number().int(),
    results: z.array(
      z.object({
        hash: z.string().describe('The hash sent, in lower case.'),
        kind: z.enum(['sha256', 'phash']),
        matches: z.array(batchMatchSchema).describe('Public works matching it; empty when none.'),
      }),
    ),
  })
  .meta({ id: 'LookupBatchResponse', description: 'One result per hash sent, in the same order.' });

export const lookupBatchSchema = {
  tags: ['Registration'],
  summary: `Public works matching up to ${LOOKUP_BATCH_MAX_HASHES.toLocaleString('en')} hashes at once`,
  description:
    `Send JSON { "hashes": [...] } with SHA-256 hashes of files and/or perceptual hashes. Each result lists at most ` +
    `${LOOKUP_MAX_RESULTS} public works: SHA-256 matches oldest first, perceptual matches closest first. ` +
    'A malformed entry is refused with its index. Every hash counts against the budgets of an address: ' +
    `${LOOKUP_BATCH.hashesPerMinute.toLocaleString('en')} hashes a minute and ${LOOKUP_BATCH.hashesPerDay.toLocaleString('en')} a day ` +
    '(429 with Retry-After past them; a refused request spends nothing). One bulk lookup per address runs at a time ' +
    '(429 with Retry-After for another), and a few per server (503 with Retry-After past them).',
  body: batchBodySchema,
  response: {
    200: jsonResponse(batchResponseSchema, 'The matches of each hash, in input order.'),
    ...errorResponses('validation_failed', 'body_too_large', 'rate_limited', 'unavailable'),
  },
};

/** Fastify names an issue's place as path segments of text: ['hashes', '3']. */
export function batchValidationError(issues: readonly ValidationIssueLike[]): AppError {
  const count = `1 to ${LOOKUP_BATCH_MAX_HASHES.toLocaleString('en')}`;
  if (issues.some((i) => i.path.length <= 1 && (i.path[0] ?? 'hashes') === 'hashes')) {
    return validationFailed(lookupBatchShapeText(count));
  }
  const badIndexes = issues.filter((i) => i.path[0] === 'hashes' && /^\d+$/.test(String(i.path[1]))).map((i) => Number(i.path[1]));
  if (badIndexes.length > 0) {
    const index = Math.min(...badIndexes);
    return validationFailed(lookupBatchEntryText(index), {
      [`hashes.${index}`]: API_ERRORS.lookupHashFieldInvalid,
    });
  }
  return validationFailed(lookupBatchDistanceText(NEAR_DUPLICATE_MAX_DISTANCE));
}
