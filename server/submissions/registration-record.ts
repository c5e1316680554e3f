// What a registration decides and writes, shared by the one-work path (POST /api/submissions)
// and the batch path (the seed command): the trust score from the stored evidence, and the
// submissions row. Only the database round trips differ between the two paths.
import { FAST_SUBMIT } from '../../core/constants';
import type { NormalisedSubmission } from '../../core/submission';
import { publicImageUrl } from '../storage/object-store';
import { publicMetadata } from '../works/public-metadata';
import type { RegisteredWorkRow } from '../works/registration';
import { backlinkFor } from '../link-proofs/expected-links';
import { buildTrustEvidence, verificationResources } from './evidence';
import type { RegistryEvidence, RegistryQuery } from './registry-evidence';
import { computeTrust, type TrustResult } from './trust';
import type { UploadRow } from './uploads-repository';

/** The facts of the upload a work is made from. `metadata` is the pipeline's parsed metadata. */
export type RegistrationImage = Pick<
  UploadRow,
  | 'sha256'
  | 'phash'
  | 'region_hashes'
  | 'mime'
  | 'width'
  | 'height'
  | 'size_bytes'
  | 'original_key'
  | 'derivative_key'
  | 'derivative_width'
  | 'derivative_height'
> & { metadata: unknown };

export function registryQueryFor(body: NormalisedSubmission, image: RegistrationImage): RegistryQuery {
  return {
    imageHash: image.sha256,
    phash: image.phash,
    artistName: body.artist_name,
    ownerEmail: body.author_email,
    profileLinks: body.profile_links,
  };
}

/**
 * The trust engine's verdict on a new work, given what the registry already holds. No link is
 * proven yet: the link check runs after the commit, on the queue (link-proofs/link-check-job.ts),
 * and re-scores the work with what it proved.
 */
export function scoreRegistration(
  body: NormalisedSubmission,
  image: RegistrationImage,
  registry: RegistryEvidence,
  createdAt: Date,
  backlink: { siteUrl: string; registryId: string },
): TrustResult {
  return computeTrust(
    buildTrustEvidence(
      {
        title: body.title,
        prompt: body.prompt,
        promptVisibility: body.prompt_visibility,
        tool: body.tool,
        toolOther: body.tool_other,
        story: body.story_context,
        resources: verificationResources(body.profile_links),
        coAuthors: body.co_authors,
        imageSha256: image.sha256,
      },
      registry,
      image.metadata,
      // The log leaf is appended in the same transaction, stamped with this time.
      {
        submittedAt: createdAt,
        loggedAt: createdAt,
        emailVerified: false,
        provenUrls: new Set(),
        backlinkUrl: backlinkFor(
          backlink.siteUrl,
          { registryId: backlink.registryId, artistName: body.artist_name },
          registry.nameClaim === 'this_identity',
        ),
      },
    ),
  );
}

export interface RegistrationOutcome {
  id: string;
  seq: number;
  registryId: string;
  trust: TrustResult;
  registry: RegistryEvidence;
  createdAt: Date;
}

/**
 * The submissions row of a new work. The server sets score, number, public flag and method; the
 * works layer adds the log index (server/works/registration.ts). `publicImageBaseUrl` is
 * S3_PUBLIC_URL (config.s3.publicUrl), or null when the app serves the images.
 */
export function submissionRow(
  body: NormalisedSubmission,
  image: RegistrationImage,
  outcome: RegistrationOutcome,
  publicImageBaseUrl: string | null,
): RegisteredWorkRow {
  const { trust, createdAt } = outcome;
  return {
    id: outcome.id,
    registry_seq: outcome.seq,
    registry_id: outcome.registryId,
    title: body.title,
    artist_name: body.artist_name,
    author_full_name: body.author_full_name,
    author_email: body.author_email,
    author_city: null,
    author_state: null,
    author_country: null,
    portfolio_link: body.profile_links[0] ?? null,
    external_link: body.profile_links[1] ?? null,
    tool: body.tool,
    tool_other: body.tool_other,
    // Chosen by the artist (decision 0021); 'AI Art' is always the first tag.
    platform: body.platform,
    verification_method: FAST_SUBMIT.verificationMethod,
    artwork_license: body.artwork_license,
    usage_type: [...FAST_SUBMIT.usageType],
    tags: body.tags,
    prompt: body.prompt,
    prompt_visibility: body.prompt_visibility,
    story_context: body.story_context,
    co_authors: body.co_authors,
    image_url: publicImageUrl(image.derivative_key, publicImageBaseUrl),
    image_key: image.derivative_key,
    original_key: image.original_key,
    image_hash: image.sha256,
    image_phash: image.phash,
    image_region_hashes: image.region_hashes,
    image_dimensions: `${image.width},${image.height}`,
    image_file_type: image.mime,
    image_file_size: image.size_bytes,
    display_width: image.derivative_width,
    display_height: image.derivative_height,
    embedded_metadata: JSON.stringify(publicMetadata(image.metadata, body.prompt_visibility)),
    verification_resources: JSON.stringify(verificationResources(body.profile_links)),
    ...body.permissions,
    trust_meter: trust.score,
    trust_breakdown: JSON.stringify(trust),
    trust_rubric_version: trust.rubricVersion,
    prompt_specificity: JSON.stringify(trust.promptSpecificity),
    duplicate_of: outcome.registry.duplicateOf,
    is_public: true,
    created_at: createdAt,
    updated_at: createdAt,
  };
}
