// The card-sized view of a work (core WorkSummary) used by the ledger, artist pages and the
// featured list. Only columns of the public view are read, and each field is copied by name,
// so a column added to a query later cannot reach a response by accident (decision 0017).
import type { WorkSummary } from '../../core/api-types';
import { effectiveToolName } from '../../core/tools';
import type { PublicSubmission } from '../db/types';

/** Columns of public_submissions a WorkSummary is built from: select exactly these. */
export const WORK_SUMMARY_COLUMNS = [
  'id',
  'registry_id',
  'title',
  'artist_name',
  'author_full_name',
  'tool',
  'tool_other',
  'platform',
  'trust_meter',
  'image_url',
  'display_width',
  'display_height',
  'created_at',
  'tags',
  'usage_type',
  'prompt_visibility',
  'prompt',
] as const satisfies readonly (keyof PublicSubmission)[];

export type WorkSummaryRow = Pick<PublicSubmission, (typeof WORK_SUMMARY_COLUMNS)[number]>;

export function toWorkSummary(row: WorkSummaryRow): WorkSummary {
  const promptIsPublic = row.prompt_visibility === 'public';
  return {
    id: row.id,
    registry_id: row.registry_id,
    title: row.title,
    artist_name: row.artist_name,
    author_full_name: row.author_full_name,
    tool: effectiveToolName(row.tool, row.tool_other),
    platform: row.platform,
    trust_meter: Number(row.trust_meter),
    // Stored as '/artworks/<key>': same-origin for the app; a browser-local blob: never reached us.
    image_url: row.image_url && !row.image_url.startsWith('blob:') ? row.image_url : null,
    image_width: row.display_width,
    image_height: row.display_height,
    created_at: new Date(row.created_at).toISOString(),
    tags: [...row.tags],
    usage_type: [...row.usage_type],
    prompt_visibility: promptIsPublic ? 'public' : 'private',
    // The view already hides private prompts; checking again costs nothing.
    prompt: promptIsPublic ? row.prompt : null,
  };
}
