// Shapes the trust engine's evidence: the work's own fields, its file's metadata and what the
// registry already holds (registry-evidence.ts gathers that). Nothing here reads the database,
// and nothing comes from the client except the work's own fields.
import type { VerificationResource } from '../../core/api-types';
import { FAST_SUBMIT, verificationMethodLabel, type PromptVisibility } from '../../core/constants';
import type { EmbeddedMetadata as ImageMetadata } from '../image';
import type { RegistryEvidence } from './registry-evidence';
import type { EmbeddedMetadata as TrustMetadata, TrustEvidence } from './trust';

export const PROFILE_RESOURCE_TYPE = 'artist_profile';
export const FAST_SUBMIT_RESOURCE: VerificationResource = {
  type: FAST_SUBMIT.verificationMethod,
  url: '',
  description: verificationMethodLabel(FAST_SUBMIT.verificationMethod),
};

/** docs/product.md §3 fast-submit payload: the profile links typed artist_profile, plus the fast_submit marker. */
export function verificationResources(profileLinks: readonly string[]): VerificationResource[] {
  return [...profileLinks.map((url) => ({ type: PROFILE_RESOURCE_TYPE, url, description: 'Artist profile' })), FAST_SUBMIT_RESOURCE];
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The image pipeline's metadata (or its stored JSON) in the trust engine's shape. */
export function toTrustMetadata(stored: ImageMetadata | unknown): TrustMetadata {
  const meta = record(stored) ?? {};
  const ai = record(meta.aiParameters);
  const c2pa = record(meta.c2pa);
  const found = Array.isArray(meta.found) ? meta.found.filter((f): f is string => typeof f === 'string') : [];
  return {
    found,
    software: str(meta.software),
    creatorTool: str(meta.creatorTool),
    digitalSourceType: str(meta.digitalSourceType),
    createDate: str(meta.createDate),
    aiParameters: ai && str(ai.source) ? { source: str(ai.source)!, prompt: str(ai.prompt) } : undefined,
    c2pa: c2pa ? { claimGenerator: str(c2pa.claimGenerator), digitalSourceType: str(c2pa.digitalSourceType) } : undefined,
  };
}

/** Fields of the work itself that the trust engine reads. */
export interface WorkClaims {
  title: string;
  /** As stored: 'No prompt provided' means none. */
  prompt: string | null;
  promptVisibility: PromptVisibility;
  tool: string;
  toolOther: string | null;
  story: string | null;
  resources: readonly { type: string; url: string }[];
  coAuthors: readonly string[];
  imageSha256: string;
}

/** What the server established about the work beyond its own fields. */
export interface TrustContext {
  submittedAt: Date;
  loggedAt: Date | null;
  emailVerified: boolean;
  /** The work's links the server proved (server/link-proofs/): only these earn points. */
  provenUrls: ReadonlySet<string>;
  /** The address a page links to to prove itself (the artist page here). */
  backlinkUrl: string;
  /** Credited co-authors who confirmed by e-mail (decision 0064); none at registration. */
  confirmedCoAuthors?: readonly string[];
}

export function buildTrustEvidence(
  claims: WorkClaims,
  registry: RegistryEvidence,
  metadata: ImageMetadata | unknown,
  context: TrustContext,
): TrustEvidence {
  return {
    title: claims.title,
    prompt: claims.prompt,
    promptVisibility: claims.promptVisibility,
    tool: claims.tool,
    toolOther: claims.toolOther,
    story: claims.story,
    resources: claims.resources.map((r) => ({ type: r.type, url: r.url, proven: context.provenUrls.has(r.url) })),
    imageSha256: claims.imageSha256,
    exactDuplicateOfOtherArtist: registry.exactDuplicateOfOtherArtist,
    exactDuplicateOfSameArtist: registry.exactDuplicateOfSameArtist,
    nearDuplicatesOfOtherArtists: registry.nearDuplicatesOfOtherArtists.map((n) => ({ distance: n.distance })),
    embedded: toTrustMetadata(metadata),
    emailVerified: context.emailVerified,
    loggedAt: context.loggedAt ? context.loggedAt.toISOString() : null,
    submittedAt: context.submittedAt.toISOString(),
    backlinkUrl: context.backlinkUrl,
    nameClaim: registry.nameClaim,
    artistOtherWorksCount: registry.artistOtherWorksCount,
    sharedProfileLinksWithOwnWorks: registry.sharedProfileLinksWithOwnWorks,
    coAuthors: [...claims.coAuthors],
    confirmedCoAuthors: [...(context.confirmedCoAuthors ?? [])],
  };
}
