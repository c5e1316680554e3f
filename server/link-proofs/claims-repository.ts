// Claimed artist names (migration 026, decision 0061): the first confirmed address whose work
// proved a link with rel="me" owns the name. The address itself is never public: pages show the
// name's proven links (link_proofs rows of the artist) instead.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/types';

type Db = Kysely<DB> | Transaction<DB>;

export interface NameClaimRow {
  artistName: string;
  /** Lower case; private. */
  claimantEmail: string;
  claimedAt: Date;
}

export function artistKey(artistName: string): string {
  return artistName.toLowerCase();
}

/** Claims `artistName` for `email` unless someone already did; true when this call claimed it. */
export async function claimName(
  db: Db,
  claim: { artistName: string; email: string; at: Date; submissionId: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('artist_claims')
    .values({
      artist_key: artistKey(claim.artistName),
      artist_name: claim.artistName,
      claimant_email: claim.email.toLowerCase(),
      claimed_at: claim.at,
      claimed_by: claim.submissionId,
    })
    .onConflict((oc) => oc.column('artist_key').doNothing())
    .returning('artist_key')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findNameClaim(db: Db, artistName: string): Promise<NameClaimRow | undefined> {
  const row = await db
    .selectFrom('artist_claims')
    .select(['artist_name', 'claimant_email', 'claimed_at'])
    .where('artist_key', '=', artistKey(artistName))
    .executeTakeFirst();
  return row && { artistName: row.artist_name, claimantEmail: row.claimant_email, claimedAt: row.claimed_at };
}

/** Which of `artistNames` `email` claimed, as artist keys. */
export async function namesClaimedBy(db: Db, email: string, artistNames: readonly string[]): Promise<Set<string>> {
  if (artistNames.length === 0) return new Set();
  const rows = await db
    .selectFrom('artist_claims')
    .select('artist_key')
    .where('artist_key', 'in', artistNames.map(artistKey))
    .where('claimant_email', '=', email.toLowerCase())
    .execute();
  return new Set(rows.map((r) => r.artist_key));
}

/** A proven identity of a claimed name, as the artist page shows it. */
export interface ProvenIdentity {
  url: string;
  provenAt: Date;
}

/**
 * The claimed name's links proven now, and the domains its claimant proved (decision 0062, shown
 * as https://<domain>/), oldest proof first, at most 20.
 */
export async function provenIdentitiesOf(db: Db, artistName: string): Promise<ProvenIdentity[]> {
  const key = artistKey(artistName);
  const links = await db
    .selectFrom('link_proofs')
    .select(['url', 'proven_at'])
    .where('artist_name', '=', key)
    .where('state', '=', 'proven')
    .orderBy('proven_at')
    .orderBy('url')
    .limit(20)
    .execute();
  const domains = await db
    .selectFrom('domain_proofs as d')
    .innerJoin('artist_claims as c', (join) =>
      join.onRef('c.artist_key', '=', 'd.artist_key').onRef('c.claimant_email', '=', 'd.owner_email'),
    )
    .select(['d.domain', 'd.proven_at'])
    .where('d.artist_key', '=', key)
    .where('d.state', '=', 'proven')
    .orderBy('d.proven_at')
    .limit(20)
    .execute();
  return [
    ...links.map((r) => ({ url: r.url, provenAt: r.proven_at! })),
    ...domains.map((r) => ({ url: `https://${r.domain}/`, provenAt: r.proven_at! })),
  ]
    .sort((a, b) => a.provenAt.getTime() - b.provenAt.getTime() || a.url.localeCompare(b.url))
    .slice(0, 20);
}

/** Whether the work's address is the one that claimed its artist name; the address never leaves the query. */
export async function registeredByClaimant(db: Db, submissionId: string): Promise<boolean> {
  const { rows } = await sql<{ confirmed: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM submissions s JOIN artist_claims c
        ON c.artist_key = lower(s.artist_name) AND c.claimant_email = lower(s.author_email)
      WHERE s.id = ${submissionId}) AS confirmed`.execute(db);
  return rows[0]?.confirmed === true;
}

// ---- Disputes (decision 0063): an admin upholding a dispute releases or transfers the claim ----

/** The claim of `artistName`, locked for the rest of the transaction. */
export async function lockNameClaim(trx: Transaction<DB>, artistName: string) {
  return trx.selectFrom('artist_claims').selectAll().where('artist_key', '=', artistKey(artistName)).forUpdate().executeTakeFirst();
}

/** Releases the claim and forgets the name's proven identities (the released claimant's pages). */
export async function releaseNameClaim(trx: Transaction<DB>, artistName: string): Promise<void> {
  await trx.deleteFrom('artist_claims').where('artist_key', '=', artistKey(artistName)).execute();
  await trx.deleteFrom('link_proofs').where('artist_name', '=', artistKey(artistName)).execute();
}

/** A link proven with rel="me" on a work of `email` under the name: what claims a name (decision 0061). */
export interface ClaimingProof {
  submissionId: string;
  url: string;
  provenAt: Date;
}

/**
 * The links that would claim the name for `email` now: proven with rel="me" on its live works
 * under the name whose address is confirmed, oldest proof first.
 */
export async function claimingProofsOf(db: Db, artistName: string, email: string): Promise<ClaimingProof[]> {
  const rows = await db
    .selectFrom('link_proofs as p')
    .innerJoin('submissions as s', 's.id', 'p.submission_id')
    .select(['p.submission_id', 'p.url', 'p.proven_at'])
    .where((eb) => eb(eb.fn('lower', ['s.artist_name']), '=', artistKey(artistName)))
    .where((eb) => eb(eb.fn('lower', ['s.author_email']), '=', email.toLowerCase()))
    .where('s.email_verified_at', 'is not', null)
    .where('s.deleted_at', 'is', null)
    .where('s.purged_at', 'is', null)
    .where('p.state', '=', 'proven')
    .where('p.method', '=', 'rel_me')
    .orderBy('p.proven_at')
    .orderBy('p.url')
    .limit(20)
    .execute();
  return rows.map((r) => ({ submissionId: r.submission_id!, url: r.url, provenAt: r.proven_at! }));
}
