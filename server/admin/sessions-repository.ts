// Queries on admin_sessions. Sessions are keyed by the SHA-256 of their token (sessions.ts).
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { AdminSessionsTable, DB } from '../db/types';

export async function insertSession(trx: Transaction<DB>, values: Insertable<AdminSessionsTable>): Promise<void> {
  await trx.insertInto('admin_sessions').values(values).execute();
}

/** The admin of a session neither revoked nor expired at `now`. */
export function findLiveSession(db: Kysely<DB>, tokenHash: string, now: Date) {
  return db
    .selectFrom('admin_sessions as s')
    .innerJoin('admin_users as u', 'u.id', 's.admin_id')
    .select(['u.id', 'u.email', 's.expires_at', 's.second_factor'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
}

export async function revokeSessionRow(trx: Transaction<DB>, tokenHash: string, now: Date): Promise<void> {
  await trx.updateTable('admin_sessions').set({ revoked_at: now }).where('token_hash', '=', tokenHash).execute();
}

/** Ends every live session of the admin (the factor reset command, decision 0068). */
export async function revokeAdminSessions(trx: Transaction<DB>, adminId: string, now: Date): Promise<void> {
  await trx
    .updateTable('admin_sessions')
    .set({ revoked_at: now })
    .where('admin_id', '=', adminId)
    .where('revoked_at', 'is', null)
    .execute();
}
