// Shapes of the registration answers (upload an image, register a work, read a public work, ask
// for a removal) as zod schemas: the server's routes validate their answers against them and the
// web app reads the very same types (re-exported by core/api-types.ts). Public shapes never carry
// e-mails, IPs or private prompts.
import { z } from 'zod';
import { workSummarySchema } from './ledger';
import { linkProofSchema } from './link-proofs';
import { provenLinkIdentitySchema } from '../proven-identities';
import { workUpdateSchema } from './work-history';

export const TRUST_DIMENSION_KEYS = [
  'claim_clarity',
  'source_depth',
  'verification_logic',
  'temporal_context',
  'mesh_linkage',
] as const;
export type TrustDimensionKey = (typeof TRUST_DIMENSION_KEYS)[number];

const trustDimensionSchema = z.object({
  score: z.number(),
  max: z.number(),
  reasons: z.array(z.object({ text: z.string(), points: z.number() })).describe('What gave the points.'),
});

export const trustBreakdownSchema = z
  .object({
    score: z.number().describe('Trust score, 0-100.'),
    rubric_version: z.string(),
    // One property per dimension (rather than a record) so the document names all five.
    dimensions: z.object(
      Object.fromEntries(TRUST_DIMENSION_KEYS.map((key) => [key, trustDimensionSchema])) as Record<
        TrustDimensionKey,
        typeof trustDimensionSchema
      >,
    ),
    reasons: z.array(z.string()),
    advice: z.array(z.string()),
    prompt_specificity: z.object({ score: z.number(), level: z.enum(['none', 'vague', 'moderate', 'specific']) }).nullable(),
  })
  .meta({ id: 'TrustBreakdown', description: 'How the trust score was reached, dimension by dimension.' });
export type TrustBreakdownDto = z.infer<typeof trustBreakdownSchema>;

export const verificationResourceSchema = z
  .object({ type: z.string(), url: z.string(), description: z.string() })
  .meta({ id: 'VerificationResource', description: 'A link that supports the claim of authorship.' });
export type VerificationResource = z.infer<typeof verificationResourceSchema>;

/**
 * The artist's six permission flags as a public answer gives them. The public read API's record
 * (server/ledger/public-api/record.ts) names the same flags as its own component.
 */
export const workPermissionsSchema = z.object({
  allow_ai_training: z.boolean(),
  restrict_usage: z.boolean(),
  remix_allowed: z.boolean(),
  no_commercial: z.boolean(),
  sensitive_content: z.boolean(),
  must_give_credit: z.boolean(),
});

export const publicWorkSchema = z
  .object({
    // The card's fields, spread rather than extended: an extended schema would stay tied to the
    // WorkSummary component in the OpenAPI document.
    ...workSummarySchema.shape,
    story_context: z.string().nullable(),
    author_location: z.string().nullable().describe('City, state and country joined, or null.'),
    author_city: z.string().nullable(),
    author_state: z.string().nullable(),
    author_country: z.string().nullable(),
    portfolio_link: z.string().nullable(),
    external_link: z.string().nullable(),
    verification_method: z.string(),
    artwork_license: z.string(),
    co_authors: z.array(z.string()),
    co_authors_confirmed: z
      .array(z.string())
      .describe('The names among co_authors who confirmed by e-mail that they made the work (decision 0064); never an address.'),
    image_hash: z.string().nullable().describe('SHA-256 of the original file, hex.'),
    image_dimensions: z.string().nullable().describe("'width,height' of the original."),
    image_file_type: z.string().nullable(),
    image_file_size: z.number().int().nullable(),
    verification_resources: z.array(verificationResourceSchema),
    permissions: workPermissionsSchema,
    trust: trustBreakdownSchema,
    embedded_metadata: z
      .looseObject({ found: z.array(z.string()) })
      .describe("What the image's own metadata said (never GPS or location)."),
    email_verified: z.boolean(),
    log_index: z.number().int().nullable().describe("Index of the work's 'created' leaf in the transparency log, or null."),
    semantic_tokens: z.array(z.string()),
    verify_url: z.string().describe('Absolute proof URL: {site}/verify/{id}.'),
    duplicate_of: z
      .object({ id: z.guid(), registry_id: z.string(), artist_name: z.string(), created_at: z.string() })
      .nullable()
      .describe('Set when the same image was registered earlier by another artist.'),
    history: z.array(workUpdateSchema).describe("The artist's changes since registration, oldest first."),
    link_proofs: z
      .array(linkProofSchema)
      .describe('Each link given for the work and whether the registry proved it: only proven links earn points (rubric v2).'),
    artist_confirmed: z
      .boolean()
      .describe(
        'Whether the work was registered by the identity that claimed its artist name (a confirmed address that proved a link).',
      ),
    proven_identities: z
      .array(provenLinkIdentitySchema)
      .describe(
        "The work's proven links and the domains its identity proved (decisions 0066, 0062), oldest proof first: what the exports list as its identities.",
      ),
  })
  .meta({ id: 'PublicWork', description: 'The whole public record of one work (GET /api/submissions/{id}).' });
/** GET /api/submissions/{id}: the whole public record of one work. */
export type PublicWork = z.infer<typeof publicWorkSchema>;

export const uploadResponseSchema = z
  .object({
    upload_id: z.guid().describe('Pass it as upload_id to POST /api/submissions.'),
    image_url: z.string().describe('Same-origin URL of the derivative while the upload is pending.'),
    image_hash: z.string().describe('SHA-256 of the file, hex.'),
    image_dimensions: z.string().describe("'width,height'."),
    image_file_type: z.string(),
    image_file_size: z.number().int(),
    metadata_found: z.array(z.string()).describe("Embedded provenance found, e.g. 'PNG parameters (Automatic1111)'."),
    exact_matches: z.number().int().describe('Public works already registered with the same SHA-256.'),
  })
  .meta({ id: 'UploadResponse', description: 'The upload, stored and waiting to become a submission (POST /api/uploads).' });
/** POST /api/uploads (multipart field 'file'). */
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const submissionCreatedSchema = z
  .object({
    id: z.guid(),
    registry_id: z.string(),
    trust_meter: z.number(),
    status: z.string().describe("The score's label."),
    verify_url: z.string(),
  })
  .meta({ id: 'SubmissionCreated', description: 'The registered work (POST /api/submissions).' });
/** POST /api/submissions → 201 */
export type SubmissionCreated = z.infer<typeof submissionCreatedSchema>;

export const removalRequestCreatedSchema = z
  .object({
    id: z.guid(),
    status: z.literal('pending'),
    submission_id: z.guid().nullable().describe('The work the address names, or null when it names none that exists.'),
  })
  .meta({ id: 'RemovalRequestCreated', description: 'The filed request, waiting for an admin (POST /api/removal-requests).' });
/** POST /api/removal-requests → 201 */
export type RemovalRequestCreated = z.infer<typeof removalRequestCreatedSchema>;
