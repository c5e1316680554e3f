// Shapes of the app's JSON API (DESIGN.md "HTTP contract"), shared by the server that builds
// them and the web app that reads them. Public shapes never carry e-mails, IPs or private prompts.
import type { Permissions } from './license';
import type { PromptVisibility } from './constants';

export type TrustDimensionKey = 'claim_clarity' | 'source_depth' | 'verification_logic' | 'temporal_context' | 'mesh_linkage';

export interface TrustBreakdownDto {
  score: number;
  rubric_version: string;
  dimensions: Record<TrustDimensionKey, { score: number; max: number; reasons: { text: string; points: number }[] }>;
  reasons: string[];
  advice: string[];
  prompt_specificity: { score: number; level: 'none' | 'vague' | 'moderate' | 'specific' } | null;
}

export interface VerificationResource {
  type: string;
  url: string;
  description: string;
}

/** A work as shown on cards: ledger, artist page, featured list. */
export interface WorkSummary {
  id: string;
  registry_id: string;
  title: string;
  artist_name: string;
  author_full_name: string;
  tool: string;
  platform: string;
  trust_meter: number;
  /** Public URL of the 360 px derivative, or null. */
  image_url: string | null;
  image_width: number | null;
  image_height: number | null;
  created_at: string;
  tags: string[];
  usage_type: string[];
  prompt_visibility: PromptVisibility;
  /** Only when the prompt is public; otherwise null. */
  prompt: string | null;
}

/** GET /api/submissions/{id}: the whole public record of one work. */
export interface PublicWork extends WorkSummary {
  story_context: string | null;
  author_location: string | null;
  author_city: string | null;
  author_state: string | null;
  author_country: string | null;
  portfolio_link: string | null;
  external_link: string | null;
  verification_method: string;
  artwork_license: string;
  co_authors: string[];
  image_hash: string | null;
  image_dimensions: string | null;
  image_file_type: string | null;
  image_file_size: number | null;
  verification_resources: VerificationResource[];
  permissions: Permissions;
  trust: TrustBreakdownDto;
  /** What the image's own metadata said (never GPS/location). */
  embedded_metadata: { found: string[]; [key: string]: unknown };
  email_verified: boolean;
  /** Index of the work's 'created' leaf in the transparency log, or null. */
  log_index: number | null;
  semantic_tokens: string[];
  /** Absolute proof URL: {site}/verify/{id}. */
  verify_url: string;
  /** Set when the same image was registered earlier by another artist. */
  duplicate_of: { id: string; registry_id: string; artist_name: string; created_at: string } | null;
}

export interface LedgerQuery {
  search?: string;
  tool?: string;
  platform?: string;
  tag?: string;
  date?: 'week' | 'month' | 'year';
  sort?: 'newest' | 'oldest' | 'status' | 'most-linked';
  page?: number;
}

/** GET /api/ledger */
export interface LedgerResponse {
  items: WorkSummary[];
  /** Works matching the filters (what the pager counts). */
  total: number;
  page: number;
  page_size: number;
  /** All public works scoring >= 62, for the header's 'total verified' count. */
  total_verified: number;
  /** Tools present in the ledger merged with the 42-tool list (DECISIONS #11). */
  tool_options: string[];
  /**
   * Platforms present in the public ledger, with how many works each (DECISIONS #21), in the
   * wizard's order. Works stored as 'Web Browser' count as 'Web'. Ignores the search and filters.
   */
  platform_options: FilterOption[];
  /** The most used tags of the public ledger, with their counts, alphabetically. Ignores the search and filters. */
  tag_options: FilterOption[];
}

/** A value of a ledger filter and the number of public works that carry it. */
export interface FilterOption {
  value: string;
  count: number;
}

/** GET /api/artists/{name}?page */
export interface ArtistResponse {
  artist_name: string;
  /** From the artist's newest work (SPEC: 'the first item'). */
  author_full_name: string | null;
  portfolio_link: string | null;
  external_link: string | null;
  total: number;
  /** Of `total`, the works scoring at or above the Verified threshold (62). */
  verified_total: number;
  page: number;
  page_size: number;
  items: WorkSummary[];
}

/** GET /api/featured: up to 5 random public works scoring >= 62. */
export interface FeaturedResponse {
  items: WorkSummary[];
}

/** POST /api/uploads (multipart field 'file'). */
export interface UploadResponse {
  upload_id: string;
  image_url: string;
  image_hash: string;
  image_dimensions: string;
  image_file_type: string;
  image_file_size: number;
  /** Human-readable list of embedded provenance found, e.g. 'PNG parameters (Automatic1111)'. */
  metadata_found: string[];
  /** Works already registered with the same SHA-256 (public ones only). */
  exact_matches: number;
}

/** POST /api/submissions → 201 */
export interface SubmissionCreated {
  id: string;
  registry_id: string;
  trust_meter: number;
  status: string;
  verify_url: string;
}

/** POST /api/removal-requests → 201 */
export interface RemovalRequestCreated {
  id: string;
  status: 'pending';
  submission_id: string | null;
}

/** POST /api/lookup (multipart 'file'): registered works matching an image. */
export interface LookupResponse {
  image_hash: string;
  exact: WorkSummary[];
  near: (WorkSummary & { distance: number })[];
}

/** The stream of server-sent events (EventSource URL). */
export const EVENTS_PATH = '/api/events';
/** SSE event name sent on EVENTS_PATH when a public work is registered: addEventListener(WORK_REGISTERED_EVENT, …). */
export const WORK_REGISTERED_EVENT = 'work-registered';

/** Server-sent event on GET /api/events when a public work is registered. */
export interface WorkRegisteredEvent {
  id: string;
  trust_meter: number;
}

export type { ApiErrorBody } from './error-codes';
