// The cheapest round trip that proves the database answers (health and readiness checks).
import { sql, type Kysely } from 'kysely';
import type { DB } from './types';

export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
