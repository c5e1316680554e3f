// SQL of the log's identity (migration 010): which origin and public key the log is signed
// with, and the locks that keep several server processes from recording or signing at once.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';

export interface LogIdentity {
  origin: string;
  /** Raw Ed25519 public key, lowercase hex. */
  publicKey: string;
  vkey: string;
  retired: boolean;
}

// Any constants work; they name these locks for every process (see also log-repository.ts and
// db/migrate.ts, which use 727_100_001 and 727_100_002).
const IDENTITY_LOCK_ID = 727_100_010;
const SIGNING_LOCK_ID = 727_100_011;

/** Waits for the log-identity lock, held until the transaction `trx` ends. */
export async function lockLogIdentity(trx: Kysely<DB>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${IDENTITY_LOCK_ID})`.execute(trx);
}

/** Waits for the checkpoint-signing lock, held until the transaction `trx` ends. */
export async function lockCheckpointSigning(trx: Kysely<DB>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${SIGNING_LOCK_ID})`.execute(trx);
}

type IdentityRow = { origin: string; public_key: string; vkey: string; retired_at: Date | string | null };

const toIdentity = (row: IdentityRow): LogIdentity => ({
  origin: row.origin,
  publicKey: row.public_key,
  vkey: row.vkey,
  retired: row.retired_at !== null,
});

/** The current (not retired) identity, if one is recorded. */
export async function currentLogIdentity(db: Kysely<DB>): Promise<LogIdentity | undefined> {
  const result = await sql<IdentityRow>`
    SELECT origin, public_key, vkey, retired_at FROM tlog_identity WHERE retired_at IS NULL`.execute(db);
  return result.rows[0] && toIdentity(result.rows[0]);
}

/** The identity recorded for `origin`, current or retired. */
export async function logIdentityOf(db: Kysely<DB>, origin: string): Promise<LogIdentity | undefined> {
  const result = await sql<IdentityRow>`
    SELECT origin, public_key, vkey, retired_at FROM tlog_identity WHERE origin = ${origin}`.execute(db);
  return result.rows[0] && toIdentity(result.rows[0]);
}

export async function recordLogIdentity(db: Kysely<DB>, identity: Omit<LogIdentity, 'retired'>, now: Date): Promise<void> {
  await sql`
    INSERT INTO tlog_identity (origin, public_key, vkey, recorded_at)
    VALUES (${identity.origin}, ${identity.publicKey}, ${identity.vkey}, ${now})`.execute(db);
}

/**
 * Ends the current origin: marks its identity retired and moves every stored checkpoint (they
 * were signed for an older origin) to tlog_retired_checkpoints, keeping their notes.
 */
export async function retireCurrentOrigin(db: Kysely<DB>, now: Date): Promise<void> {
  await sql`UPDATE tlog_identity SET retired_at = ${now} WHERE retired_at IS NULL`.execute(db);
  await sql`
    WITH moved AS (DELETE FROM tlog_checkpoints RETURNING tree_size, root_hash, note, created_at)
    INSERT INTO tlog_retired_checkpoints (origin, tree_size, root_hash, note, created_at, retired_at)
    SELECT split_part(note, E'\n', 1), tree_size, root_hash, note, created_at, ${now} FROM moved
    ON CONFLICT DO NOTHING`.execute(db);
}
