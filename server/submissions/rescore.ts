// Re-scoring a stored work with the trust engine, exactly as at registration: the same evidence
// builder, the registry as it stood when the work was registered (only works with a smaller
// registry number count), and the file's full metadata. Used when the artist verifies the e-mail
// address (email-verification.ts) and when they change the work (the manage feature, through
// the port in server/works/manage-ports.ts).
import type { Kysely } from 'kysely';
import type { PromptVisibility } from '../../core/constants';
import type { DB, Submission } from '../db/types';
import type { RescoreWork } from '../works/manage-ports';
import { buildTrustEvidence, PROFILE_RESOURCE_TYPE } from './evidence';
import { gatherRegistryEvidence } from './registry-evidence';
import { databaseRegistryEvidence } from './registry-evidence-repository';
import { computeTrust, type TrustResult } from './trust';
import { findUploadByDerivativeKey } from './uploads-repository';

export interface StoredWorkOverrides {
  resources?: readonly { type: string; url: string }[];
  promptVisibility?: PromptVisibility;
  emailVerified?: boolean;
}

/** The trust engine's verdict on a stored work, with the given fields changed. */
export async function scoreStoredWork(db: Kysely<DB>, work: Submission, overrides: StoredWorkOverrides = {}): Promise<TrustResult> {
  const upload = work.image_key ? await findUploadByDerivativeKey(db, work.image_key) : undefined;
  const stored = Array.isArray(work.verification_resources) ? (work.verification_resources as { type: string; url: string }[]) : [];
  const resources = overrides.resources ?? stored;
  const profileLinks = resources.filter((r) => r.type === PROFILE_RESOURCE_TYPE).map((r) => r.url);
  const registry = await gatherRegistryEvidence(databaseRegistryEvidence(db), {
    imageHash: work.image_hash ?? '',
    phash: work.image_phash,
    artistName: work.artist_name,
    profileLinks,
    beforeSeq: Number(work.registry_seq),
  });
  const createdAt = new Date(work.created_at);
  return computeTrust(
    buildTrustEvidence(
      {
        title: work.title,
        prompt: work.prompt,
        promptVisibility: overrides.promptVisibility ?? work.prompt_visibility,
        tool: work.tool,
        toolOther: work.tool_other,
        story: work.story_context,
        resources,
        coAuthors: work.co_authors,
        imageSha256: work.image_hash ?? '',
      },
      registry,
      // The upload row keeps the file's full metadata; the work keeps a copy without a private prompt.
      upload?.metadata ?? work.embedded_metadata,
      {
        submittedAt: createdAt,
        loggedAt: work.log_index === null ? null : createdAt,
        emailVerified: overrides.emailVerified ?? work.email_verified_at !== null,
      },
    ),
  );
}

/** The port the manage feature re-scores through (wired in app.ts). */
export const rescoreWork: RescoreWork = async (db, work, changes) => {
  const trust = await scoreStoredWork(db, work, { resources: changes.resources, promptVisibility: changes.promptVisibility });
  return { score: trust.score, rubricVersion: trust.rubricVersion, breakdown: trust, promptSpecificity: trust.promptSpecificity };
};
