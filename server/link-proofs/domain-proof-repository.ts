// Rows of `domain_proofs` (migration 027, decision 0062): the domains an identity (an artist name
// and an e-mail address) proves it owns, each with its own random token and its last check.
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DomainProofMethod, DomainProofReason } from '../../core/api/domain-proofs';
import type { DB } from '../db/types';
import { artistKey } from './claims-repository';

type Db = Kysely<DB> | Transaction<DB>;

export interface DomainIdentity {
  artistName: string;
  email: string;
}

export type DomainCheck =
  | { state: 'proven'; method: DomainProofMethod; checkedAt: Date }
  | { state: 'not_proven'; reason: DomainProofReason; checkedAt: Date };

export interface DomainProofRow {
  id: string;
  artistKey: string;
  ownerEmail: string;
  domain: string;
  token: string;
  submissionId: string | null;
  state: 'pending' | 'proven' | 'not_proven';
  method: DomainProofMethod | null;
  reason: DomainProofReason | null;
  checkedAt: Date | null;
  provenAt: Date | null;
}

const COLUMNS = [
  'id',
  'artist_key',
  'owner_email',
  'domain',
  'token',
  'submission_id',
  'state',
  'method',
  'reason',
  'checked_at',
  'proven_at',
] as const;

function toRow(r: {
  id: string;
  artist_key: string;
  owner_email: string;
  domain: string;
  token: string;
  submission_id: string | null;
  state: 'pending' | 'proven' | 'not_proven';
  method: DomainProofMethod | null;
  reason: string | null;
  checked_at: Date | null;
  proven_at: Date | null;
}): DomainProofRow {
  return {
    id: r.id,
    artistKey: r.artist_key,
    ownerEmail: r.owner_email,
    domain: r.domain,
    token: r.token,
    submissionId: r.submission_id,
    state: r.state,
    method: r.method,
    // The table's CHECK admits only the reasons of core/api/domain-proofs.ts.
    reason: r.reason as DomainProofReason | null,
    checkedAt: r.checked_at,
    provenAt: r.proven_at,
  };
}

/** 128 random bits: a token names one row, so a record made for one identity proves nothing for another. */
export function newDomainToken(): string {
  return randomBytes(16).toString('hex');
}

/** The identity's domains, oldest first. */
export async function domainProofsOf(db: Db, identity: DomainIdentity): Promise<DomainProofRow[]> {
  const rows = await db
    .selectFrom('domain_proofs')
    .select(COLUMNS)
    .where('artist_key', '=', artistKey(identity.artistName))
    .where('owner_email', '=', identity.email.toLowerCase())
    .orderBy('created_at')
    .orderBy('domain')
    .execute();
  return rows.map(toRow);
}

/** The identity's proof of `domain`, made now (with a new token) unless it exists; returns it. */
export async function startDomainProof(
  db: Db,
  identity: DomainIdentity,
  domain: string,
  submissionId: string,
  at: Date,
): Promise<DomainProofRow> {
  await db
    .insertInto('domain_proofs')
    .values({
      artist_key: artistKey(identity.artistName),
      owner_email: identity.email.toLowerCase(),
      domain,
      token: newDomainToken(),
      submission_id: submissionId,
      created_at: at,
    })
    .onConflict((oc) => oc.columns(['artist_key', 'owner_email', 'domain']).doNothing())
    .execute();
  const row = await db
    .selectFrom('domain_proofs')
    .select(COLUMNS)
    .where('artist_key', '=', artistKey(identity.artistName))
    .where('owner_email', '=', identity.email.toLowerCase())
    .where('domain', '=', domain)
    .executeTakeFirstOrThrow();
  return toRow(row);
}

export async function findDomainProof(db: Db, id: string): Promise<DomainProofRow | undefined> {
  const row = await db.selectFrom('domain_proofs').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toRow(row);
}

/** Locks the row for the check's transaction; undefined when it was deleted meanwhile. */
export async function lockDomainProof(trx: Transaction<DB>, id: string): Promise<DomainProofRow | undefined> {
  const row = await trx.selectFrom('domain_proofs').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
  return row && toRow(row);
}

/** Records a check; a domain proven again keeps the time it was first proven. */
export async function recordDomainCheck(db: Db, row: DomainProofRow, check: DomainCheck): Promise<void> {
  await db
    .updateTable('domain_proofs')
    .set({
      state: check.state,
      method: check.state === 'proven' ? check.method : null,
      reason: check.state === 'not_proven' ? check.reason : null,
      checked_at: check.checkedAt,
      proven_at: check.state === 'proven' ? (row.state === 'proven' ? row.provenAt : check.checkedAt) : null,
    })
    .where('id', '=', row.id)
    .execute();
}

/** The domains the identity proved, as the trust engine counts them. */
export async function provenDomainsOf(db: Db, identity: DomainIdentity): Promise<string[]> {
  const rows = await db
    .selectFrom('domain_proofs')
    .select('domain')
    .where('artist_key', '=', artistKey(identity.artistName))
    .where('owner_email', '=', identity.email.toLowerCase())
    .where('state', '=', 'proven')
    .orderBy('proven_at')
    .orderBy('domain')
    .execute();
  return rows.map((r) => r.domain);
}

/** One identity's key in provenDomainsOfIdentities' answer. */
export function identityKey(identity: DomainIdentity): string {
  return `${artistKey(identity.artistName)}\n${identity.email.toLowerCase()}`;
}

/** provenDomainsOf for many identities with one statement (a re-scoring batch), by identityKey. */
export async function provenDomainsOfIdentities(db: Db, identities: readonly DomainIdentity[]): Promise<Map<string, string[]>> {
  const proven = new Map<string, string[]>(identities.map((identity) => [identityKey(identity), []]));
  if (identities.length === 0) return proven;
  const rows = await db
    .selectFrom('domain_proofs')
    .select(['artist_key', 'owner_email', 'domain'])
    .where(({ eb, refTuple, tuple }) =>
      eb(
        refTuple('artist_key', 'owner_email'),
        'in',
        identities.map((identity) => tuple(artistKey(identity.artistName), identity.email.toLowerCase())),
      ),
    )
    .where('state', '=', 'proven')
    .orderBy('proven_at')
    .orderBy('domain')
    .execute();
  for (const row of rows) proven.get(identityKey({ artistName: row.artist_key, email: row.owner_email }))?.push(row.domain);
  return proven;
}

/** Proofs checked before `before` (or never), the longest ago first: the hourly re-check's share. */
export async function domainProofsDue(db: Db, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('domain_proofs')
    .select('id')
    .where((eb) => eb.or([eb('checked_at', '<', before), eb('checked_at', 'is', null)]))
    .orderBy('checked_at', (ob) => ob.asc().nullsFirst())
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** A purge erases the proofs its work started: they hold its address (decision 0005). */
export async function deleteDomainProofsOfWork(db: Db, submissionId: string): Promise<void> {
  await db.deleteFrom('domain_proofs').where('submission_id', '=', submissionId).execute();
}
