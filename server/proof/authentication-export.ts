// The badge/authentication export (proof.jsonld, docs/product.md §2 with decision 0002): everything in it is
// a real, checkable value: registry id, SHA-256, UTC timestamp, score and components, and the
// transparency-log inclusion proof with its signed checkpoint. Nothing random, no e-mail address.
import type { PublicWork } from '../../core/api-types';
import { SEMANTIC_TOKENS, TRUST_MAX, verificationMethodLabel } from '../../core/constants';
import { trustStatus } from '../../core/status';
import { publicSemanticTokens } from '../../core/tokens';
import { SITE_NAME } from '../../core/site';
import type { ProofBundle } from '../tlog/proofs';
import { workCitation } from '../../core/proof-text';
import { cawgTrainingMining, tdmPolicyUrl, trainingReserved } from '../../core/training-consent';
import { componentScores } from './components';
import { PROOF_VOCABULARY_PATH } from './proof-vocabulary';
import { CAWG_IDENTITY_CLAIMS_TERM, creatorIdentityClaims, visualArtworkNode, workJsonLdContext } from './jsonld';
import { artefactUrl, siteBase } from './urls';

export type AuthenticationExport = Record<string, unknown>;

/** Links to the public endpoints that let anyone re-check the record. */
export function apiEndpoints(work: Pick<PublicWork, 'id' | 'registry_id'>, siteUrl: string): Record<string, string> {
  const base = siteBase(siteUrl);
  const id = encodeURIComponent(work.registry_id);
  return {
    record: `${base}/api/submissions/${id}`,
    ledger: `${base}/api/v1/ledger`,
    log_checkpoint: `${base}/api/log/checkpoint`,
    log_key: `${base}/api/log/key`,
    inclusion_proof: `${base}/api/log/proof/inclusion?id=${id}`,
    consistency_proof: `${base}/api/log/proof/consistency?first={first}&second={second}`,
    log_entries: `${base}/api/log/entries?start={start}&end={end}`,
    proof_bundle: artefactUrl(siteUrl, work.registry_id, 'proof.json'),
  };
}

export function buildAuthenticationExport(work: PublicWork, proof: ProofBundle | null, siteUrl: string): AuthenticationExport {
  const status = trustStatus(work.trust_meter);
  // Semantic tokens come from the prompt itself, so a private prompt yields none (decision 0017).
  const tokens = publicSemanticTokens(work.prompt, work.prompt_visibility, SEMANTIC_TOKENS.export);
  return {
    '@context': {
      '@vocab': `${siteBase(siteUrl)}${PROOF_VOCABULARY_PATH}#`,
      schema: 'https://schema.org/',
      // A JSON literal: the CAWG object keeps its own shape and @context untouched (decision 0066).
      [CAWG_IDENTITY_CLAIMS_TERM]: { '@type': '@json' },
    },
    '@type': 'AuthenticationRecord',
    '@id': work.verify_url,
    issuer: SITE_NAME,
    registry_id: work.registry_id,
    submission_id: work.id,
    sha256: work.image_hash,
    timestamp: new Date(work.created_at).toISOString(),
    trust_score: { value: work.trust_meter, max: TRUST_MAX, status: status.label, rubric_version: work.trust?.rubric_version ?? null },
    components: componentScores(work),
    artwork: { '@context': workJsonLdContext(work, siteUrl), ...visualArtworkNode(work, siteUrl) },
    // What was proven, never what was typed (decision 0066): the work's pages that link back here
    // and the domains its identity proved (decision 0062).
    identity: {
      artist_confirmed: work.artist_confirmed,
      proven_identities: work.proven_identities,
    },
    [CAWG_IDENTITY_CLAIMS_TERM]: creatorIdentityClaims(work, siteUrl),
    provenance: {
      embedded_metadata_found: [...(work.embedded_metadata?.found ?? [])],
      tool: work.tool,
      platform: work.platform,
      verification_method: verificationMethodLabel(work.verification_method),
      email_verified: work.email_verified ? 'yes' : 'no',
      image_dimensions: work.image_dimensions,
      image_file_type: work.image_file_type,
      image_file_size: work.image_file_size,
      earlier_registration: work.duplicate_of,
    },
    // The artist's AI-training choice as the CAWG assertion and as TDMRep values (core/training-consent.ts).
    training_and_data_mining: {
      assertion: cawgTrainingMining(work.permissions.allow_ai_training),
      tdm_reservation: trainingReserved(work.permissions.allow_ai_training) ? 1 : 0,
      ...(trainingReserved(work.permissions.allow_ai_training) ? { tdm_policy: tdmPolicyUrl(siteUrl) } : {}),
    },
    citation: { text: workCitation(work), url: work.verify_url },
    ...(work.prompt_visibility === 'public' ? { semantic_tokens: tokens } : {}),
    api_endpoints: apiEndpoints(work, siteUrl),
    proof: proof
      ? {
          type: 'RFC 9162 inclusion proof with a C2SP signed checkpoint',
          verify_with: `npm run verify -- proof.json [image file] --site ${siteUrl}`,
          ...proof,
        }
      : null,
  };
}
