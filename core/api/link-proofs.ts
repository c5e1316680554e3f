// The state of each link the registry was given (issue 33, decision 0061), as pages and the API
// show it: proven (the page links back here), not proven (with the reason in words), or not
// checked yet. The link itself is public already (the work's resources).
import { z } from 'zod';
import { PROOF_METHODS } from '../proven-identities';

export const LINK_STATES = ['proven', 'not_proven', 'pending'] as const;
export type LinkState = (typeof LINK_STATES)[number];

export const linkProofSchema = z
  .object({
    url: z.string(),
    state: z.enum(LINK_STATES).describe("'pending' until the first check ends."),
    reason: z.string().nullable().describe('Why the link is not proven, in words; null otherwise.'),
    checked_at: z.string().nullable().describe('When the link was last checked, ISO 8601 UTC.'),
    proven_at: z.string().nullable().describe('Since when it has been proven without a break.'),
    method: z
      .enum(PROOF_METHODS)
      .nullable()
      .describe('How the page proved it (rel_me, text_url, text_registry_id); null unless proven. Decision 0066.'),
  })
  .meta({ id: 'LinkProof', description: 'A link given for a work, and whether the registry proved it (the page links back here).' });
export type LinkProof = z.infer<typeof linkProofSchema>;

export const provenIdentitySchema = z
  .object({
    url: z.string(),
    proven_at: z.string().describe('Since when the page has linked back to this registry, ISO 8601 UTC.'),
  })
  .meta({ id: 'ProvenIdentity', description: 'A page of the artist that links back to their artist page here (rel="me").' });
export type ProvenIdentity = z.infer<typeof provenIdentitySchema>;

export const LINK_STATE_LABELS: Record<LinkState, string> = {
  proven: 'Proven',
  not_proven: 'Not proven',
  pending: 'Not checked yet',
};

/**
 * The markup an artist puts on their page to prove it: a rel="me" link to `target`, their artist
 * page here once they claimed the name, else the work's own proof page (server/link-proofs/expected-links.ts).
 */
export function backlinkSnippet(target: string): string {
  return `<a rel="me" href="${target}">My registered works</a>`;
}
