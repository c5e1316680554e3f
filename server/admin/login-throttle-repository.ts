// Queries on login_throttle, the failure counters of login-throttle.ts: one row per client
// address and per (address, e-mail), each forgotten at its expiry.
import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { DB, LoginThrottleTable } from '../db/types';

type Db = Kysely<DB> | Transaction<DB>;
export type ThrottleRow = Selectable<LoginThrottleTable>;

/** The counter for `key`, created empty if missing, locked for the rest of the transaction. */
export async function lockOrCreateThrottle(trx: Transaction<DB>, key: string, expiresAt: Date): Promise<ThrottleRow> {
  await trx
    .insertInto('login_throttle')
    .values({ key, expires_at: expiresAt })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return trx.selectFrom('login_throttle').selectAll().where('key', '=', key).forUpdate().executeTakeFirstOrThrow();
}

/** The counter for `key` if there is one, locked when `db` is a transaction. */
export async function lockThrottle(db: Db, key: string): Promise<ThrottleRow | undefined> {
  return db.selectFrom('login_throttle').selectAll().where('key', '=', key).forUpdate().executeTakeFirst();
}

export async function updateThrottle(db: Db, key: string, set: Updateable<LoginThrottleTable>): Promise<void> {
  await db.updateTable('login_throttle').set(set).where('key', '=', key).execute();
}

export async function deleteThrottle(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}

/** Deletes forgotten counters; returns how many went. */
export async function deleteExpiredLoginThrottles(db: Kysely<DB>, now: Date): Promise<number> {
  const result = await db.deleteFrom('login_throttle').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
