// The vocabulary proof.jsonld names as its @vocab ({site}/ns/proof#), served at /ns/proof so the
// address resolves (issue 35): an RDFS description of each term the authentication export uses,
// as JSON-LD. The export's own values keep their meaning; this only says what each term is.
import { SITE_NAME } from '../../core/site';
import { siteBase } from './urls';

export const PROOF_VOCABULARY_PATH = '/ns/proof';

/** Term → what it holds, in the order proof.jsonld writes them. */
const TERMS: [term: string, kind: 'Class' | 'Property', comment: string][] = [
  ['AuthenticationRecord', 'Class', 'A registered work as the registry can prove it: its record, score and log proof.'],
  ['issuer', 'Property', 'The registry that issued the record.'],
  ['registry_id', 'Property', 'The registry ID (VW-YYYY-NNNNNN).'],
  ['submission_id', 'Property', 'The submission UUID.'],
  ['sha256', 'Property', 'SHA-256 (hex) of the registered original image file.'],
  ['timestamp', 'Property', 'Registration time, ISO 8601 UTC.'],
  ['trust_score', 'Property', 'The trust score computed by the server, its maximum, status and rubric version.'],
  ['components', 'Property', "The score's five dimensions with their points."],
  ['artwork', 'Property', 'The work as a schema.org VisualArtwork.'],
  ['provenance', 'Property', 'Tool, platform, verification method, embedded metadata found and image facts.'],
  ['training_and_data_mining', 'Property', "The artist's AI-training choice as a CAWG assertion and TDMRep values."],
  ['citation', 'Property', 'How to cite the work, as text and URL.'],
  [
    'identity',
    'Property',
    "Whether the work was registered by the identity that claimed its artist name, and the work's proven identities: pages that link back to this registry and sites of domains the work's identity proved (a DNS TXT record or a /.well-known/ file), each with its host, kind (website or social), how it was proven and since when. Links that were only typed are never listed.",
  ],
  [
    'cawg_identity_claims',
    'Property',
    "The creator's proven identities in the CAWG identity assertion's identity claims aggregation vocabulary (verifiedIdentities: cawg.web_site, cawg.social_media, provider, verifiedAt), restated by the registry and not signed as a credential; a JSON literal. Present only for a work registered by the name's claimant with a proven page or domain.",
  ],
  ['semantic_tokens', 'Property', 'Words taken from the public prompt (absent when the prompt is private).'],
  ['api_endpoints', 'Property', 'Public endpoints that re-check the record and the log.'],
  ['proof', 'Property', 'The RFC 9162 inclusion proof with its C2SP signed checkpoint, as in proof.json.'],
];

export function proofVocabulary(siteUrl: string): Record<string, unknown> {
  const base = `${siteBase(siteUrl)}${PROOF_VOCABULARY_PATH}#`;
  return {
    '@context': { rdfs: 'http://www.w3.org/2000/01/rdf-schema#', '@vocab': base },
    '@id': `${siteBase(siteUrl)}${PROOF_VOCABULARY_PATH}`,
    'rdfs:label': `${SITE_NAME} proof vocabulary`,
    '@graph': TERMS.map(([term, kind, comment]) => ({
      '@id': `${base}${term}`,
      '@type': `rdfs:${kind}`,
      'rdfs:label': term,
      'rdfs:comment': comment,
    })),
  };
}
