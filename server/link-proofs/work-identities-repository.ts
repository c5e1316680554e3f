// The proven identities of a page of works, for the exports (decisions 0066, 0062): each work's
// links whose last check proved them, the domains its identity (artist name and address) proved
// when its address is confirmed, as the trust engine counts them (server/submissions/rescore.ts),
// and whether its address is the one that claimed its artist name. One query per page whatever
// its size (a thousand records of the public API, a batch of the dump): an index lookup per work
// in link_proofs, domain_proofs and artist_claims, never a scan, never one query per work. The
// address is compared inside the query and never leaves it.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DomainProofMethod } from '../../core/api/domain-proofs';
import { provenIdentitiesOf, type ProofMethod, type ProvenLinkIdentity } from '../../core/proven-identities';
import type { DB } from '../db/types';
import { linksToCheck } from './work-links';

type Db = Kysely<DB> | Transaction<DB>;

export interface WorkIdentities {
  /** Registered by the address that claimed the work's artist name (decision 0061). */
  artistConfirmed: boolean;
  /** The work's proven links and its identity's proven domains, oldest proof first. */
  provenIdentities: ProvenLinkIdentity[];
}

export const NO_IDENTITIES: WorkIdentities = { artistConfirmed: false, provenIdentities: [] };

interface Row {
  id: string;
  verification_resources: unknown;
  artist_confirmed: boolean;
  /** A proven link of the work, or a proven domain of its identity (url is then the domain); null for neither. */
  source: 'link' | 'domain' | null;
  url: string | null;
  method: ProofMethod | DomainProofMethod | null;
  proven_at: Date | string | null;
}

/** The one query of a page (exported so a test can read its plan). */
export function identitiesQuery(submissionIds: readonly string[]) {
  return sql<Row>`
    SELECT s.id, s.verification_resources,
      c.artist_key IS NOT NULL AS artist_confirmed,
      p.source, p.url, p.method, p.proven_at
    FROM submissions s
    -- A join, not EXISTS in the select list: one claim row at most (artist_key is its key), read
    -- through artist_claims_pkey once per work rather than once per proof row.
    LEFT JOIN artist_claims c ON c.artist_key = lower(s.artist_name) AND c.claimant_email = lower(s.author_email)
    LEFT JOIN LATERAL (
      SELECT 'link' AS source, l.url, l.method, l.proven_at
      FROM link_proofs l
      WHERE l.submission_id = s.id AND l.state = 'proven'
      UNION ALL
      -- The identity's domains count only for a confirmed address, as in the score (decision 0062).
      SELECT 'domain' AS source, d.domain, d.method, d.proven_at
      FROM domain_proofs d
      WHERE s.email_verified_at IS NOT NULL AND d.artist_key = lower(s.artist_name)
        AND d.owner_email = lower(s.author_email) AND d.state = 'proven'
    ) p ON true
    WHERE s.id = ANY(${[...new Set(submissionIds)]}::uuid[])`;
}

export async function identitiesOfWorks(db: Db, submissionIds: readonly string[]): Promise<Map<string, WorkIdentities>> {
  const result = new Map<string, WorkIdentities>();
  if (submissionIds.length === 0) return result;
  const { rows } = await identitiesQuery(submissionIds).execute(db);
  const byWork = new Map<string, { confirmed: boolean; links: Set<string>; proofs: Row[]; domains: Row[] }>();
  for (const row of rows) {
    let work = byWork.get(row.id);
    if (!work) {
      // A proof row outlives its link until the next check forgets it (link-check job): only the
      // work's current links count, as on the proof page (link-states.ts).
      work = {
        confirmed: row.artist_confirmed === true,
        links: new Set(linksToCheck(row.verification_resources)),
        proofs: [],
        domains: [],
      };
      byWork.set(row.id, work);
    }
    if (row.source === 'domain') work.domains.push(row);
    else if (row.url !== null && work.links.has(row.url)) work.proofs.push(row);
  }
  for (const [id, work] of byWork) {
    result.set(id, {
      artistConfirmed: work.confirmed,
      provenIdentities: provenIdentitiesOf(
        work.proofs.map((p) => ({
          url: p.url!,
          state: 'proven',
          method: p.method as ProofMethod,
          proven_at: p.proven_at === null ? null : new Date(p.proven_at).toISOString(),
        })),
        work.domains.map((d) => ({
          domain: d.url!,
          method: d.method as DomainProofMethod,
          proven_at: new Date(d.proven_at!).toISOString(),
        })),
      ),
    });
  }
  return result;
}
