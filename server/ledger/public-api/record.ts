import { z } from 'zod';
import { workPermissionsSchema } from '../../../core/api/submissions';
import { proofPath } from '../../../core/ids';
import { LOG_INDEX_DESCRIPTION } from '../../../core/proof-text';
import { trustStatus } from '../../../core/status';
import { cawgTrainingUse } from '../../../core/training-consent';
import { provenLinkIdentitySchema, type ProvenLinkIdentity } from '../../../core/proven-identities';

/**
 * One work as the public read API shows it (docs/product.md §3 "Public API record", decisions 0012, 0017).
 * Every format (JSON, JSONL, CSV, XML, RSS) is written from this shape only; the schema
 * describes it in /api/openapi.json.
 */
export const publicApiPermissionsSchema = workPermissionsSchema.meta({
  id: 'PublicApiPermissions',
  description: "The artist's permissions for the work.",
});
export type PublicApiPermissions = z.infer<typeof publicApiPermissionsSchema>;

export const publicApiRecordSchema = z
  .object({
    id: z.string().describe('Registry id, VW-YYYY-NNNNNN.'),
    uuid: z.guid().describe('The submission UUID; /verify/{uuid} resolves too.'),
    title: z.string(),
    artist_name: z.string().nullable(),
    author_location: z.string().nullable().describe('"City, State, Country" from the parts given, or null.'),
    prompt: z.string().nullable().describe('Only when include_prompts=true and the artist made the prompt public.'),
    prompt_available: z.boolean().describe('The artist made a prompt public (whether or not this response includes it).'),
    tool: z.string().nullable(),
    platform: z.string().nullable(),
    verification_method: z.string().nullable(),
    trust_meter: z.number().describe('Trust score, 0-100.'),
    status: z.string().describe("Trust status label, e.g. 'Provenance Strong'."),
    rubric_version: z.string().describe('The trust rubric the score was computed under, e.g. 2026-11.3 (decision 0061).'),
    artist_confirmed: z
      .boolean()
      .describe('Registered by the identity that claimed the artist name (a confirmed address that proved a page of its own).'),
    proven_identities: z
      .array(provenLinkIdentitySchema)
      .describe(
        "The work's links whose pages link back to this registry, oldest proof first. Links that were only typed, or whose back-link is gone, are never listed.",
      ),
    tags: z.array(z.string()),
    usage_type: z.array(z.string()),
    created_at: z.string().describe('Registration time, ISO 8601 UTC.'),
    image_available: z.boolean(),
    image_url: z.string().nullable().describe('Absolute URL, or null when there is no usable image.'),
    image_sha256: z.string().nullable().describe('SHA-256 (hex) of the original file.'),
    license: z.string().nullable(),
    permissions: publicApiPermissionsSchema,
    training_mining: z
      .enum(['allowed', 'notAllowed'])
      .describe(
        "The artist's AI-training choice as the CAWG training-and-data-mining assertion says it (the value of cawg.data_mining, cawg.ai_generative_training and cawg.ai_training): 'allowed' or 'notAllowed'.",
      ),
    log_index: z.number().int().nullable().describe(LOG_INDEX_DESCRIPTION),
    ledger_url: z.string().describe('Proof page of the work: {site}/verify/{registry id}.'),
  })
  .meta({ id: 'PublicApiRecord', description: 'One work as the public read API shows it, in every format.' });
export type PublicApiRecord = z.infer<typeof publicApiRecordSchema>;

/**
 * The columns of the `public_submissions` view this module reads. author_email, IP addresses
 * and other private columns are deliberately absent: what is not in the type cannot be copied.
 */
export interface PublicSubmissionRow {
  /** UUID. */
  id: string;
  /** VW-YYYY-NNNNNN, formatted by the repository or view from registry_seq and the year. */
  registry_id: string;
  title: string;
  artist_name: string | null;
  author_city: string | null;
  author_state: string | null;
  author_country: string | null;
  prompt: string | null;
  prompt_visibility: string | null;
  tool: string | null;
  platform: string | null;
  verification_method: string | null;
  /** pg returns numeric columns as text. */
  trust_meter: number | string;
  tags: string[] | null;
  usage_type: string[] | null;
  created_at: Date | string;
  /** As stored: absolute URL, site path starting with '/', or a path in the 'artworks' bucket. */
  image_url: string | null;
  image_hash: string | null;
  artwork_license: string | null;
  allow_ai_training: boolean | null;
  restrict_usage: boolean | null;
  remix_allowed: boolean | null;
  no_commercial: boolean | null;
  sensitive_content: boolean | null;
  must_give_credit: boolean | null;
  /** pg returns bigint as text. */
  log_index: number | string | null;
  trust_rubric_version: string;
  /** Attached by the repository from link_proofs and artist_claims, one query per page (decision 0066). */
  identities: { artistConfirmed: boolean; provenIdentities: readonly ProvenLinkIdentity[] };
}

export interface ToPublicRecordOptions {
  /** Public origin, e.g. https://example.org (a trailing slash is ignored). */
  siteUrl: string;
  includePrompts: boolean;
  /** Stored image value → absolute URL. Defaults to resolveImageUrl below. */
  imageUrl?: (stored: string, siteUrl: string) => string | null;
}

/** Fast submit stores this text when the artist gave no prompt (docs/product.md §3); it is not a prompt. */
const NO_PROMPT_PLACEHOLDER = 'No prompt provided';

export function toPublicRecord(row: PublicSubmissionRow, options: ToPublicRecordOptions): PublicApiRecord {
  const site = options.siteUrl.replace(/\/+$/, '');
  const promptAvailable = isPublicPrompt(row);
  const trust = Number(row.trust_meter);
  const imageUrl = row.image_url ? (options.imageUrl ?? resolveImageUrl)(row.image_url, site) : null;

  // Every field is copied by name, never spread, so a column added to the query later
  // (an e-mail, an IP) cannot reach a public response by accident (decision 0017).
  return {
    id: row.registry_id,
    uuid: row.id,
    title: row.title,
    artist_name: row.artist_name,
    author_location: joinLocation(row.author_city, row.author_state, row.author_country),
    prompt: options.includePrompts && promptAvailable ? row.prompt : null,
    prompt_available: promptAvailable,
    tool: row.tool,
    platform: row.platform,
    verification_method: row.verification_method,
    trust_meter: trust,
    status: trustStatus(trust).label,
    rubric_version: row.trust_rubric_version,
    artist_confirmed: row.identities.artistConfirmed,
    proven_identities: row.identities.provenIdentities.map((i) => ({
      url: i.url,
      host: i.host,
      kind: i.kind,
      method: i.method,
      proven_at: i.proven_at,
    })),
    tags: [...(row.tags ?? [])],
    usage_type: [...(row.usage_type ?? [])],
    created_at: new Date(row.created_at).toISOString(),
    image_available: imageUrl !== null,
    image_url: imageUrl,
    image_sha256: row.image_hash,
    license: row.artwork_license,
    permissions: {
      allow_ai_training: row.allow_ai_training === true,
      restrict_usage: row.restrict_usage === true,
      remix_allowed: row.remix_allowed === true,
      no_commercial: row.no_commercial === true,
      sensitive_content: row.sensitive_content === true,
      must_give_credit: row.must_give_credit === true,
    },
    training_mining: cawgTrainingUse(row.allow_ai_training === true),
    log_index: row.log_index === null || row.log_index === undefined ? null : Number(row.log_index),
    ledger_url: `${site}${proofPath(row.registry_id)}`,
  };
}

function isPublicPrompt(row: PublicSubmissionRow): boolean {
  const prompt = row.prompt?.trim();
  return row.prompt_visibility === 'public' && !!prompt && prompt !== NO_PROMPT_PLACEHOLDER;
}

function joinLocation(...parts: (string | null)[]): string | null {
  const present = parts.map((p) => p?.trim()).filter((p): p is string => !!p);
  return present.length > 0 ? present.join(', ') : null;
}

/**
 * docs/product.md §3 image rule: a value starting with http or / is used as is (made absolute here);
 * anything else is a path in the public 'artworks' bucket. A blob: URL is a browser-local
 * preview that never reached the server, so it is no image at all.
 */
export function resolveImageUrl(stored: string, siteUrl: string): string | null {
  const value = stored.trim();
  if (value === '' || value.startsWith('blob:')) return null;
  if (/^https?:\/\//i.test(value)) return value;
  if (value.startsWith('/')) return `${siteUrl}${value}`;
  const path = value.split('/').map(encodeURIComponent).join('/');
  return `${siteUrl}/storage/v1/object/public/artworks/${path}`;
}
