// Queries on admin_users: finding an account by e-mail (case-insensitive), creating one and
// stamping a sign-in.
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';

export function findAdminByEmail(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('admin_users')
    .select(['id', 'email', 'password_hash'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
}

export async function insertAdmin(
  db: Kysely<DB>,
  values: { email: string; password_hash: string; created_at: Date },
): Promise<{ id: string; email: string }> {
  return db.insertInto('admin_users').values(values).returning(['id', 'email']).executeTakeFirstOrThrow();
}

export async function stampLastLogin(db: Kysely<DB>, id: string, at: Date): Promise<void> {
  await db.updateTable('admin_users').set({ last_login_at: at }).where('id', '=', id).execute();
}
