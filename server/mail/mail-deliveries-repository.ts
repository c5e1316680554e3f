// Which messages the SMTP server has accepted, by idempotency key (migration 025, decision 0058).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { JOB_SCHEMA } from '../db/job-sql';

export async function wasDelivered(db: Kysely<DB>, key: string): Promise<boolean> {
  const row = await db.selectFrom('mail_deliveries').select('idempotency_key').where('idempotency_key', '=', key).executeTakeFirst();
  return row !== undefined;
}

/**
 * Records the send and, in the same transaction, strips the job of everything but the key: the
 * message (its address, and a link whose token the database otherwise keeps only hashed) is not
 * kept once it is sent.
 */
export async function recordDelivery(db: Kysely<DB>, key: string, jobId: string, sentAt: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('mail_deliveries')
      .values({ idempotency_key: key, sent_at: sentAt })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute();
    await sql`UPDATE ${sql.id(JOB_SCHEMA, 'job')} SET data = jsonb_build_object('key', ${key}::text) WHERE id = ${jobId}::uuid`.execute(
      trx,
    );
  });
}
