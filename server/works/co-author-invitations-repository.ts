// Queries of co-author confirmation (decision 0064, migration 029). The address is private: the
// only public reading here is the confirmed names (confirmedCoAuthorNames).
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { CoAuthorInvitationsTable, DB } from '../db/types';
import type { Selectable } from 'kysely';

type Db = Kysely<DB> | Transaction<DB>;
export type CoAuthorInvitation = Selectable<CoAuthorInvitationsTable>;

/** The names of a work's co-authors who confirmed, in the order they confirmed. */
export async function confirmedCoAuthorNames(db: Db, submissionId: string): Promise<string[]> {
  return (await confirmedCoAuthorNamesOf(db, [submissionId])).get(submissionId) ?? [];
}

/** confirmedCoAuthorNames for many works with one statement (a re-scoring batch): only works with one are keys. */
export async function confirmedCoAuthorNamesOf(db: Db, submissionIds: readonly string[]): Promise<Map<string, string[]>> {
  const byWork = new Map<string, string[]>();
  if (submissionIds.length === 0) return byWork;
  const rows = await db
    .selectFrom('co_author_invitations')
    .select(['submission_id', 'name'])
    .where('submission_id', 'in', [...submissionIds])
    .where('state', '=', 'confirmed')
    .orderBy('answered_at')
    .execute();
  for (const row of rows) byWork.set(row.submission_id, [...(byWork.get(row.submission_id) ?? []), row.name]);
  return byWork;
}

/** Every invitation of a work (the manage page shows their states; never a public answer). */
export async function invitationsOfWork(db: Db, submissionId: string): Promise<CoAuthorInvitation[]> {
  return db.selectFrom('co_author_invitations').selectAll().where('submission_id', '=', submissionId).orderBy('name').execute();
}

/** The answer of each invitation of the works, by work (the manage page's states; no address). */
export async function invitationStatesOf(
  db: Db,
  submissionIds: readonly string[],
): Promise<Map<string, { name: string; state: CoAuthorInvitation['state']; expires_at: Date }[]>> {
  const states = new Map<string, { name: string; state: CoAuthorInvitation['state']; expires_at: Date }[]>();
  if (submissionIds.length === 0) return states;
  const rows = await db
    .selectFrom('co_author_invitations')
    .select(['submission_id', 'name', 'state', 'expires_at'])
    .where('submission_id', 'in', [...submissionIds])
    .execute();
  for (const row of rows) {
    const list = states.get(row.submission_id) ?? [];
    list.push({ name: row.name, state: row.state, expires_at: new Date(row.expires_at) });
    states.set(row.submission_id, list);
  }
  return states;
}

/** Serialises the invitations to one address, so its hourly cap counts each e-mail once. */
export async function lockAddress(trx: Transaction<DB>, email: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(727100064, hashtext(lower(${email})))`.execute(trx);
}

export async function invitationOfName(
  trx: Transaction<DB>,
  submissionId: string,
  name: string,
): Promise<CoAuthorInvitation | undefined> {
  return trx
    .selectFrom('co_author_invitations')
    .selectAll()
    .where('submission_id', '=', submissionId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .forUpdate()
    .executeTakeFirst();
}

/** Invitation e-mails sent to the address since `since`, whatever the work; older records of it go. */
export async function invitationsSentTo(trx: Transaction<DB>, email: string, since: Date): Promise<number> {
  const address = (eb: ExpressionBuilder<DB, 'co_author_invitation_mails'>) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase());
  await trx.deleteFrom('co_author_invitation_mails').where(address).where('sent_at', '<', since).execute();
  const row = await trx
    .selectFrom('co_author_invitation_mails')
    .select((eb) => eb.fn.countAll<string>().as('sent'))
    .where(address)
    .executeTakeFirst();
  return Number(row?.sent ?? 0);
}

export async function recordInvitationMail(trx: Transaction<DB>, mail: { submissionId: string; email: string; sentAt: Date }) {
  await trx
    .insertInto('co_author_invitation_mails')
    .values({ submission_id: mail.submissionId, email: mail.email, sent_at: mail.sentAt })
    .execute();
}

/** A new pending invitation, or the same name's one renewed (a new address or a new link); its id. */
export async function upsertInvitation(
  trx: Transaction<DB>,
  invite: { submissionId: string; name: string; email: string; tokenHash: string; sentAt: Date; expiresAt: Date },
): Promise<string> {
  const result = await sql<{ id: string }>`
    INSERT INTO co_author_invitations (submission_id, name, email, token_hash, sent_at, expires_at)
    VALUES (${invite.submissionId}, ${invite.name}, ${invite.email}, ${invite.tokenHash}, ${invite.sentAt}, ${invite.expiresAt})
    ON CONFLICT (submission_id, lower(name)) DO UPDATE
      SET email = EXCLUDED.email, token_hash = EXCLUDED.token_hash, sent_at = EXCLUDED.sent_at,
          expires_at = EXCLUDED.expires_at, state = 'pending', answered_at = NULL
    RETURNING id`.execute(trx);
  return result.rows[0].id;
}

/** The pending invitation a link belongs to, still valid at `now`, locked when `lock`. */
export async function pendingInvitationByHash(
  db: Db,
  tokenHash: string,
  now: Date,
  lock: boolean,
): Promise<CoAuthorInvitation | undefined> {
  let query = db
    .selectFrom('co_author_invitations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('state', '=', 'pending')
    .where('expires_at', '>', now);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Records the answer; the link stops working (its hash is cleared). */
export async function answerInvitation(trx: Transaction<DB>, id: string, state: 'confirmed' | 'declined', at: Date): Promise<void> {
  await trx.updateTable('co_author_invitations').set({ state, answered_at: at, token_hash: null }).where('id', '=', id).execute();
}

/** A purge erases the co-authors' addresses with the rest of the work's personal data. */
export async function deleteInvitationsOfWork(db: Db, submissionId: string): Promise<void> {
  await db.deleteFrom('co_author_invitations').where('submission_id', '=', submissionId).execute();
  await db.deleteFrom('co_author_invitation_mails').where('submission_id', '=', submissionId).execute();
}

/** What an invitation needs of a live work (the manage page's "invite" after registration). */
export async function invitableWork(db: Db, id: string) {
  return db
    .selectFrom('submissions')
    .select(['id', 'registry_id', 'co_authors'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('purged_at', 'is', null)
    .executeTakeFirst();
}
