// Re-scoring a stored work with the trust engine, exactly as at registration: the same evidence
// builder, the registry as it stood when the work was registered (only works with a smaller
// registry number count), and the file's full metadata. Used when the artist verifies the e-mail
// address (email-verification.ts) and when they change the work (the manage feature, through
// the port in server/works/manage-ports.ts).
import type { Kysely } from 'kysely';
import type { PromptVisibility } from '../../core/constants';
import type { DB, Submission } from '../db/types';
import { backlinkFor } from '../link-proofs/expected-links';
import { identityKey, provenDomainsOf, provenDomainsOfIdentities } from '../link-proofs/domain-proof-repository';
import { provenUrlsOfWork, provenUrlsOfWorks } from '../link-proofs/link-proof-repository';
import { confirmedCoAuthorNames, confirmedCoAuthorNamesOf } from '../works/co-author-invitations-repository';
import type { RescoreWork } from '../works/manage-ports';
import { buildTrustEvidence, PROFILE_RESOURCE_TYPE } from './evidence';
import { gatherRegistryEvidence, type RegistryEvidenceSource } from './registry-evidence';
import { batchRegistryEvidence } from './registry-evidence-batch-repository';
import { databaseRegistryEvidence } from './registry-evidence-repository';
import { computeTrust, type TrustResult } from './trust';
import { findUploadByDerivativeKey, uploadMetadataByDerivativeKeys } from './uploads-repository';

export interface StoredWorkOverrides {
  resources?: readonly { type: string; url: string }[];
  promptVisibility?: PromptVisibility;
  emailVerified?: boolean;
}

/**
 * What scoring a stored work reads: its registry evidence, the file's metadata, its proven links
 * and domains, its confirmed co-authors.
 */
export interface StoredWorkReads {
  registryEvidence: RegistryEvidenceSource;
  uploadMetadata(work: Submission): Promise<unknown>;
  provenUrls(work: Submission): Promise<Set<string>>;
  provenDomains(work: Submission): Promise<string[]>;
  confirmedCoAuthors(work: Submission): Promise<string[]>;
}

/** The reads of one work, a statement each. */
export function oneWorkReads(db: Kysely<DB>): StoredWorkReads {
  return {
    registryEvidence: databaseRegistryEvidence(db),
    uploadMetadata: async (work) => (work.image_key ? (await findUploadByDerivativeKey(db, work.image_key))?.metadata : undefined),
    provenUrls: (work) => provenUrlsOfWork(db, work.id),
    provenDomains: (work) => provenDomainsOf(db, identityOf(work)),
    confirmedCoAuthors: (work) => confirmedCoAuthorNames(db, work.id),
  };
}

/**
 * The same reads for a whole batch, a statement each for all its works (a re-scoring batch, with
 * no field changed): a batch of 200 sends about eight statements instead of about a thousand.
 */
export async function batchReads(db: Kysely<DB>, works: readonly Submission[]): Promise<StoredWorkReads> {
  const ids = works.map((w) => w.id);
  const keys = works.flatMap((w) => (w.image_key ? [w.image_key] : []));
  const [registryEvidence, metadata, provenUrls, domains, coAuthors] = await Promise.all([
    batchRegistryEvidence(
      db,
      works.map((work) => registryQueryOf(work)),
    ),
    uploadMetadataByDerivativeKeys(db, keys),
    provenUrlsOfWorks(db, ids),
    provenDomainsOfIdentities(db, works.filter((w) => w.email_verified_at !== null).map(identityOf)),
    confirmedCoAuthorNamesOf(db, ids),
  ]);
  return {
    registryEvidence,
    uploadMetadata: async (work) => (work.image_key ? metadata.get(work.image_key) : undefined),
    provenUrls: async (work) => provenUrls.get(work.id) ?? new Set(),
    provenDomains: async (work) => domains.get(identityKey(identityOf(work))) ?? provenDomainsOf(db, identityOf(work)),
    confirmedCoAuthors: async (work) => coAuthors.get(work.id) ?? [],
  };
}

function identityOf(work: Submission) {
  return { artistName: work.artist_name, email: work.author_email };
}

function storedResources(work: Submission): { type: string; url: string }[] {
  return Array.isArray(work.verification_resources) ? (work.verification_resources as { type: string; url: string }[]) : [];
}

/** The registry question of `work` as it stands (or with `resources` in place of its own). */
function registryQueryOf(work: Submission, resources: readonly { type: string; url: string }[] = storedResources(work)) {
  return {
    imageHash: work.image_hash ?? '',
    phash: work.image_phash,
    artistName: work.artist_name,
    ownerEmail: work.author_email,
    profileLinks: resources.filter((r) => r.type === PROFILE_RESOURCE_TYPE).map((r) => r.url),
    beforeSeq: Number(work.registry_seq),
  };
}

/**
 * The trust engine's verdict on a stored work, with the given fields changed, and its links as
 * their last checks left them (link_proofs): a link added by the change is not proven yet.
 */
export async function scoreStoredWork(
  db: Kysely<DB>,
  siteUrl: string,
  work: Submission,
  overrides: StoredWorkOverrides = {},
  reads: StoredWorkReads = oneWorkReads(db),
): Promise<TrustResult> {
  const uploadMetadata = await reads.uploadMetadata(work);
  const resources = overrides.resources ?? storedResources(work);
  const registry = await gatherRegistryEvidence(reads.registryEvidence, registryQueryOf(work, resources));
  const createdAt = new Date(work.created_at);
  const emailVerified = overrides.emailVerified ?? work.email_verified_at !== null;
  // A domain the work's identity proved counts as a proven profile link (decision 0062), for works
  // whose address is confirmed: an address anyone typed does not share the identity's domains.
  const domains = emailVerified ? await reads.provenDomains(work) : [];
  const domainResources = domains.map((domain) => ({ type: PROFILE_RESOURCE_TYPE, url: `https://${domain}/` }));
  const provenUrls = new Set([...(await reads.provenUrls(work)), ...domainResources.map((r) => r.url)]);
  return computeTrust(
    buildTrustEvidence(
      {
        title: work.title,
        prompt: work.prompt,
        promptVisibility: overrides.promptVisibility ?? work.prompt_visibility,
        tool: work.tool,
        toolOther: work.tool_other,
        story: work.story_context,
        // First, so the proven domain wins over the same address typed and not proven.
        resources: [...domainResources, ...resources],
        coAuthors: work.co_authors,
        imageSha256: work.image_hash ?? '',
      },
      registry,
      // The upload row keeps the file's full metadata; the work keeps a copy without a private prompt.
      uploadMetadata ?? work.embedded_metadata,
      {
        submittedAt: createdAt,
        loggedAt: work.log_index === null ? null : createdAt,
        emailVerified,
        provenUrls,
        confirmedCoAuthors: await reads.confirmedCoAuthors(work),
        backlinkUrl: backlinkFor(
          siteUrl,
          { registryId: work.registry_id, artistName: work.artist_name },
          registry.nameClaim === 'this_identity',
        ),
      },
    ),
  );
}

/** The port the manage feature re-scores through (wired in app.ts, with the site's address). */
export function rescoreWorkAt(siteUrl: string): RescoreWork {
  return async (db, work, changes) => {
    const trust = await scoreStoredWork(db, siteUrl, work, {
      resources: changes.resources,
      promptVisibility: changes.promptVisibility,
    });
    return { score: trust.score, rubricVersion: trust.rubricVersion, breakdown: trust, promptSpecificity: trust.promptSpecificity };
  };
}
