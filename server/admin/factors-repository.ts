// Queries on admin_factors, admin_recovery_codes and the second-factor columns of admin_sessions
// (migration 031, decision 0068).
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { AdminFactorsTable, DB, SecondFactorUsed } from '../db/types';

type Db = Kysely<DB> | Transaction<DB>;

export function listFactors(db: Db, adminId: string) {
  return db.selectFrom('admin_factors').selectAll().where('admin_id', '=', adminId).orderBy('created_at').orderBy('id').execute();
}

export async function insertFactor(db: Db, values: Insertable<AdminFactorsTable>) {
  return db.insertInto('admin_factors').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The TOTP factor row, locked, so two codes checked at once cannot both pass the replay check. */
export function lockTotpFactors(trx: Transaction<DB>, adminId: string) {
  return trx
    .selectFrom('admin_factors')
    .selectAll()
    .where('admin_id', '=', adminId)
    .where('kind', '=', 'totp')
    .orderBy('created_at')
    .forUpdate()
    .execute();
}

export async function markTotpUsed(db: Db, id: string, step: number, at: Date): Promise<void> {
  await db.updateTable('admin_factors').set({ totp_last_step: step, last_used_at: at }).where('id', '=', id).execute();
}

export function findPasskey(db: Db, adminId: string, credentialId: string) {
  return db
    .selectFrom('admin_factors')
    .selectAll()
    .where('admin_id', '=', adminId)
    .where('kind', '=', 'passkey')
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

export async function markPasskeyUsed(db: Db, id: string, signCount: number, at: Date): Promise<void> {
  await db.updateTable('admin_factors').set({ sign_count: signCount, last_used_at: at }).where('id', '=', id).execute();
}

export async function deleteFactor(db: Db, adminId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('admin_factors').where('admin_id', '=', adminId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Locks the admin's row: enrolments and removals of one admin then run one after another. */
export async function lockAdmin(trx: Transaction<DB>, adminId: string): Promise<void> {
  await trx.selectFrom('admin_users').select('id').where('id', '=', adminId).forUpdate().execute();
}

export async function countFactors(db: Db, adminId: string): Promise<number> {
  const row = await db
    .selectFrom('admin_factors')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('admin_id', '=', adminId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every factor and recovery code of the admin goes (the reset command); returns how many factors. */
export async function deleteAllFactors(trx: Transaction<DB>, adminId: string): Promise<number> {
  await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
  const result = await trx.deleteFrom('admin_factors').where('admin_id', '=', adminId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function replaceRecoveryCodes(trx: Transaction<DB>, adminId: string, hashes: string[], at: Date): Promise<void> {
  await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
  await trx
    .insertInto('admin_recovery_codes')
    .values(hashes.map((code_hash) => ({ admin_id: adminId, code_hash, created_at: at })))
    .execute();
}

/** Spends an unused code with this hash; returns whether one was spent. */
export async function spendRecoveryCode(trx: Transaction<DB>, adminId: string, codeHash: string, at: Date): Promise<boolean> {
  const result = await trx
    .updateTable('admin_recovery_codes')
    .set({ used_at: at })
    .where('admin_id', '=', adminId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countUnusedRecoveryCodes(db: Db, adminId: string): Promise<number> {
  const row = await db
    .selectFrom('admin_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('admin_id', '=', adminId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setSessionChallenge(db: Db, tokenHash: string, challenge: string | null): Promise<void> {
  await db.updateTable('admin_sessions').set({ challenge }).where('token_hash', '=', tokenHash).execute();
}

export async function setPendingTotpSecret(db: Db, tokenHash: string, secret: string | null): Promise<void> {
  await db.updateTable('admin_sessions').set({ pending_totp_secret: secret }).where('token_hash', '=', tokenHash).execute();
}

/** Takes the session's WebAuthn challenge or pending TOTP secret: each serves one attempt. */
export async function takeSessionSecrets(trx: Transaction<DB>, tokenHash: string) {
  const row = await trx
    .selectFrom('admin_sessions')
    .select(['challenge', 'pending_totp_secret'])
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
  return row ?? { challenge: null, pending_totp_secret: null };
}

export type { SecondFactorUsed };
