import { z } from 'zod';
import { LEDGER_EXACT_TOTAL_CAP, PUBLIC_API } from '../../../core/constants';
import type { PublicApiQuery } from './params';

export const PUBLIC_API_VERSION = PUBLIC_API.apiVersion;

/** Response metadata (docs/product.md §3), plus paging and the training filter. */
export const publicApiMetadataSchema = z
  .object({
    total_entries: z
      .number()
      .int()
      .describe(
        `Entries matching the filters, across all pages: exact when total_exact, otherwise an estimate above ${LEDGER_EXACT_TOTAL_CAP}.`,
      ),
    total_exact: z
      .boolean()
      .describe(`Whether total_entries is an exact count. Totals are counted exactly up to ${LEDGER_EXACT_TOTAL_CAP} entries.`),
    offset: z.number().int(),
    limit: z.number().int(),
    min_trust_level: z.number().int(),
    include_prompts: z.boolean(),
    generated_at: z.string().describe('ISO 8601, UTC: the start of the current cache period.'),
    api_version: z.literal(PUBLIC_API_VERSION),
    next_cursor: z.string().nullable().describe('Pass as ?cursor= for the next page; null on the last page.'),
    training_allowed: z.boolean(),
  })
  .meta({ id: 'PublicApiMetadata', description: 'What the answer holds and how it was asked for.' });
export type PublicApiMetadata = z.infer<typeof publicApiMetadataSchema>;

/** What every writer receives besides the records. */
export interface WriterMeta {
  metadata: PublicApiMetadata;
  /** Public origin, used for feed and page links. */
  siteUrl: string;
}

export function buildMetadata(input: {
  query: Pick<PublicApiQuery, 'offset' | 'limit' | 'min_trust_level' | 'include_prompts' | 'training_allowed'>;
  /** A bare number is an exact count. */
  totalEntries: number | { value: number; exact: boolean };
  nextCursor: string | null;
  generatedAt?: Date;
}): PublicApiMetadata {
  return {
    total_entries: typeof input.totalEntries === 'number' ? input.totalEntries : input.totalEntries.value,
    total_exact: typeof input.totalEntries === 'number' ? true : input.totalEntries.exact,
    offset: input.query.offset,
    limit: input.query.limit,
    min_trust_level: input.query.min_trust_level,
    include_prompts: input.query.include_prompts,
    generated_at: (input.generatedAt ?? new Date()).toISOString(),
    api_version: PUBLIC_API_VERSION,
    next_cursor: input.nextCursor,
    training_allowed: input.query.training_allowed,
  };
}
