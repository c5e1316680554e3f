// SQL of the manage feature: the e-mailed links and the sessions they open (hashes only), and the
// works registered with an address. An address is compared lower-cased everywhere
// (submissions_email_idx indexes lower(author_email)).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, Submission } from '../db/types';

export async function insertManageLink(db: Kysely<DB>, link: { tokenHash: string; email: string; now: Date; expiresAt: Date }) {
  await db
    .insertInto('manage_links')
    .values({ token_hash: link.tokenHash, email: link.email, created_at: link.now, expires_at: link.expiresAt })
    .execute();
}

/**
 * Runs `work` in a transaction holding a lock on the (lower-cased) address: requests for one
 * address are decided one at a time, so concurrent ones cannot pass the per-address cap together.
 */
export async function withAddressLock<T>(db: Kysely<DB>, email: string, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(727100018, hashtext(${email}))`.execute(trx);
    return work(trx);
  });
}

/** Links sent to the address since `since` (the per-address cap). */
export async function countLinksSince(db: Kysely<DB>, email: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('manage_links')
    .select(sql<string>`count(*)`.as('n'))
    .where('email', '=', email)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether any work that is not purged was registered with the address. */
export async function hasWorksForEmail(db: Kysely<DB>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('submissions')
    .select('id')
    .where(sql<boolean>`lower(author_email) = ${email}`)
    .where('purged_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface ManageLinkRow {
  email: string;
  expires_at: Date;
  used_at: Date | null;
}

/**
 * Marks the link used and returns it as it was before, in one statement, so two tabs opening the
 * same link at once cannot both get a session.
 */
export async function useManageLink(db: Kysely<DB>, tokenHash: string, now: Date): Promise<ManageLinkRow | undefined> {
  const result = await sql<ManageLinkRow>`
    UPDATE manage_links AS l SET used_at = coalesce(l.used_at, ${now})
    FROM (SELECT token_hash, used_at FROM manage_links WHERE token_hash = ${tokenHash} FOR UPDATE) AS before
    WHERE l.token_hash = before.token_hash
    RETURNING l.email, l.expires_at, before.used_at`.execute(db);
  return result.rows[0];
}

export async function insertManageSession(db: Kysely<DB>, session: { tokenHash: string; email: string; now: Date; expiresAt: Date }) {
  await db
    .insertInto('manage_sessions')
    .values({ token_hash: session.tokenHash, email: session.email, created_at: session.now, expires_at: session.expiresAt })
    .execute();
}

/** The address of a session that has not expired. */
export async function findSessionEmail(db: Kysely<DB>, tokenHash: string, now: Date): Promise<string | undefined> {
  const row = await db
    .selectFrom('manage_sessions')
    .select('email')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.email;
}

export async function deleteManageSession(db: Kysely<DB>, tokenHash: string): Promise<void> {
  await db.deleteFrom('manage_sessions').where('token_hash', '=', tokenHash).execute();
}

/** Links and sessions past their expiry (the periodic clean-up). */
export async function deleteExpiredManageRows(db: Kysely<DB>, now: Date): Promise<void> {
  await db.deleteFrom('manage_links').where('expires_at', '<', now).execute();
  await db.deleteFrom('manage_sessions').where('expires_at', '<', now).execute();
}

// An address registers a bounded number of works in practice (uploads are rate-limited per
// day); the cap keeps one answer bounded whatever happens.
export const MAX_MANAGED_WORKS = 500;

/** The address's works that are not purged, newest first. */
export async function findWorksByEmail(db: Kysely<DB>, email: string): Promise<Submission[]> {
  return db
    .selectFrom('submissions')
    .selectAll()
    .where(sql<boolean>`lower(author_email) = ${email}`)
    .where('purged_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('registry_seq', 'desc')
    .limit(MAX_MANAGED_WORKS)
    .execute();
}

/** One of the address's works, locked for the rest of the transaction; undefined when not theirs. */
export async function findOwnWorkForUpdate(trx: Transaction<DB>, email: string, id: string): Promise<Submission | undefined> {
  return trx
    .selectFrom('submissions')
    .selectAll()
    .where('id', '=', id)
    .where(sql<boolean>`lower(author_email) = ${email}`)
    .where('purged_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** One of the address's live works (not withdrawn), unlocked; undefined when not theirs. */
export async function findOwnLiveWork(db: Kysely<DB>, email: string, id: string): Promise<Submission | undefined> {
  return db
    .selectFrom('submissions')
    .selectAll()
    .where('id', '=', id)
    .where(sql<boolean>`lower(author_email) = ${email}`)
    .where('deleted_at', 'is', null)
    .where('purged_at', 'is', null)
    .executeTakeFirst();
}
