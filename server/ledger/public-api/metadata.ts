import { PUBLIC_API } from '../../../core/constants';
import type { PublicApiQuery } from './params';

export const PUBLIC_API_VERSION = PUBLIC_API.apiVersion;

/** Response metadata (SPEC §3), plus paging and the training filter. */
export interface PublicApiMetadata {
  /** Entries matching the filters, across all pages. */
  total_entries: number;
  offset: number;
  limit: number;
  min_trust_level: number;
  include_prompts: boolean;
  /** ISO 8601, UTC. */
  generated_at: string;
  api_version: typeof PUBLIC_API_VERSION;
  /** Pass as ?cursor= for the next page; null on the last page. */
  next_cursor: string | null;
  training_allowed: boolean;
}

/** What every writer receives besides the records. */
export interface WriterMeta {
  metadata: PublicApiMetadata;
  /** Public origin, used for feed and page links. */
  siteUrl: string;
}

export function buildMetadata(input: {
  query: Pick<PublicApiQuery, 'offset' | 'limit' | 'min_trust_level' | 'include_prompts' | 'training_allowed'>;
  totalEntries: number;
  nextCursor: string | null;
  generatedAt?: Date;
}): PublicApiMetadata {
  return {
    total_entries: input.totalEntries,
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
