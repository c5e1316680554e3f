// Gathers the trust engine's evidence from what the registry already holds (DESIGN.md
// "Trust engine": inputs are stored evidence only). Nothing here comes from the client except
// the work's own fields; every comparison with other works is made by the database.
import { sql, type Kysely } from 'kysely';
import type { VerificationResource } from '../../core/api-types';
import { FAST_SUBMIT, verificationMethodLabel, type PromptVisibility } from '../../core/constants';
import type { DB } from '../db/types';
import type { EmbeddedMetadata as ImageMetadata } from './image';
import { findNearDuplicates, type NearDuplicate } from './near-duplicates';
import type { EmbeddedMetadata as TrustMetadata, TrustEvidence } from './trust';

export const PROFILE_RESOURCE_TYPE = 'artist_profile';
export const FAST_SUBMIT_RESOURCE: VerificationResource = {
  type: FAST_SUBMIT.verificationMethod,
  url: '',
  description: verificationMethodLabel(FAST_SUBMIT.verificationMethod),
};

/** SPEC §3 fast-submit payload: the profile links typed artist_profile, plus the fast_submit marker. */
export function verificationResources(profileLinks: readonly string[]): VerificationResource[] {
  return [...profileLinks.map((url) => ({ type: PROFILE_RESOURCE_TYPE, url, description: 'Artist profile' })), FAST_SUBMIT_RESOURCE];
}

export interface RegistryQuery {
  imageHash: string;
  phash: string | null;
  artistName: string;
  profileLinks: readonly string[];
  /** Re-scoring an existing work: only works registered before it (smaller registry number) count. */
  beforeSeq?: number;
}

export interface RegistryEvidence {
  exactDuplicateOfOtherArtist: boolean;
  exactDuplicateOfSameArtist: boolean;
  /** The earliest registered (smallest registry number) live work of another artist with the same SHA-256. */
  duplicateOf: string | null;
  nearDuplicatesOfOtherArtists: NearDuplicate[];
  artistOtherWorksCount: number;
  sharedProfileLinksWithOwnWorks: number;
}

function beforeClause(beforeSeq: number | undefined) {
  return beforeSeq === undefined ? sql`` : sql`AND registry_seq < ${beforeSeq}`;
}

export type ExactDuplicates = Pick<RegistryEvidence, 'exactDuplicateOfOtherArtist' | 'exactDuplicateOfSameArtist' | 'duplicateOf'>;

/** Works with the same SHA-256; cheap (indexed), so it can run again under the log's lock. */
export async function findExactDuplicates(db: Kysely<DB>, q: Pick<RegistryQuery, 'imageHash' | 'artistName' | 'beforeSeq'>): Promise<ExactDuplicates> {
  const result = await sql<{ id: string; same_artist: boolean }>`
    SELECT id, lower(artist_name) = lower(${q.artistName}) AS same_artist
    FROM submissions
    WHERE image_hash = ${q.imageHash} AND deleted_at IS NULL AND purged_at IS NULL ${beforeClause(q.beforeSeq)}
    ORDER BY registry_seq`.execute(db);
  const others = result.rows.filter((r) => !r.same_artist);
  return {
    exactDuplicateOfOtherArtist: others.length > 0,
    exactDuplicateOfSameArtist: result.rows.some((r) => r.same_artist),
    duplicateOf: others[0]?.id ?? null,
  };
}

async function artistWorks(db: Kysely<DB>, q: RegistryQuery) {
  const links = [...new Set(q.profileLinks)];
  const result = await sql<{ works: string; sharing: string }>`
    SELECT count(*) AS works,
      count(*) FILTER (WHERE ${links.length > 0} AND (
        portfolio_link = ANY(${links}::text[]) OR external_link = ANY(${links}::text[])
        OR EXISTS (SELECT 1 FROM jsonb_array_elements(verification_resources) r WHERE r->>'url' = ANY(${links}::text[]))
      )) AS sharing
    FROM submissions
    WHERE lower(artist_name) = lower(${q.artistName}) AND deleted_at IS NULL AND purged_at IS NULL ${beforeClause(q.beforeSeq)}`.execute(db);
  return { artistOtherWorksCount: Number(result.rows[0].works), sharedProfileLinksWithOwnWorks: Number(result.rows[0].sharing) };
}

/** What the registry says about a new (or re-scored) work: duplicates and the artist's other works. */
export async function gatherRegistryEvidence(db: Kysely<DB>, q: RegistryQuery): Promise<RegistryEvidence> {
  const exact = await findExactDuplicates(db, q);
  const near = q.phash
    ? await findNearDuplicates(db, { phash: q.phash, artistName: q.artistName, imageHash: q.imageHash, beforeSeq: q.beforeSeq })
    : [];
  const artist = await artistWorks(db, q);
  return { ...exact, nearDuplicatesOfOtherArtists: near, ...artist };
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

export function buildTrustEvidence(
  claims: WorkClaims,
  registry: RegistryEvidence,
  metadata: ImageMetadata | unknown,
  context: { submittedAt: Date; loggedAt: Date | null; emailVerified: boolean },
): TrustEvidence {
  return {
    title: claims.title,
    prompt: claims.prompt,
    promptVisibility: claims.promptVisibility,
    tool: claims.tool,
    toolOther: claims.toolOther,
    story: claims.story,
    resources: claims.resources.map((r) => ({ type: r.type, url: r.url })),
    imageSha256: claims.imageSha256,
    exactDuplicateOfOtherArtist: registry.exactDuplicateOfOtherArtist,
    exactDuplicateOfSameArtist: registry.exactDuplicateOfSameArtist,
    nearDuplicatesOfOtherArtists: registry.nearDuplicatesOfOtherArtists.map((n) => ({ distance: n.distance })),
    embedded: toTrustMetadata(metadata),
    emailVerified: context.emailVerified,
    loggedAt: context.loggedAt ? context.loggedAt.toISOString() : null,
    submittedAt: context.submittedAt.toISOString(),
    artistOtherWorksCount: registry.artistOtherWorksCount,
    sharedProfileLinksWithOwnWorks: registry.sharedProfileLinksWithOwnWorks,
    coAuthors: [...claims.coAuthors],
  };
}

/**
 * What of the file's metadata may be stored on the work and shown publicly. A private prompt
 * must not leak through the generation parameters the tool wrote into the file (DECISIONS #17),
 * so their prompt texts (and a free-text description, where tools often copy the prompt) go.
 */
export function publicMetadata(metadata: ImageMetadata | unknown, promptVisibility: PromptVisibility): Record<string, unknown> {
  const meta = { ...(record(metadata) ?? {}) };
  if (!Array.isArray(meta.found)) meta.found = [];
  if (promptVisibility === 'public') return meta;
  delete meta.description;
  const ai = record(meta.aiParameters);
  if (ai) {
    const { source, model } = ai;
    meta.aiParameters = { source, ...(model !== undefined ? { model } : {}) };
  }
  return meta;
}
