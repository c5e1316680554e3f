import { buildMetadata, type WriterMeta } from '../../../server/ledger/public-api/metadata';
import { SITE } from './fixtures';

export const GENERATED_AT = new Date('2026-11-22T08:30:00.000Z');

/** Writer metadata for a first page of `total` entries, generated at a fixed time. */
export function writerMeta(total: number, overrides: { include_prompts?: boolean; next_cursor?: string | null } = {}): WriterMeta {
  return {
    siteUrl: SITE,
    metadata: buildMetadata({
      query: {
        offset: 0,
        limit: 100,
        min_trust_level: 0,
        include_prompts: overrides.include_prompts ?? false,
        training_allowed: false,
      },
      totalEntries: total,
      nextCursor: overrides.next_cursor ?? null,
      generatedAt: GENERATED_AT,
    }),
  };
}
