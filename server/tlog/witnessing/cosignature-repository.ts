// SQL of witness cosignatures (migration 011). bigint columns arrive as strings from pg.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';

export interface NewCosignature {
  treeSize: number;
  witnessVkey: string;
  /** One signature line, without its newline. */
  line: string;
  cosignedAt: number;
}

export async function insertCosignature(db: Kysely<DB>, c: NewCosignature, now: Date): Promise<void> {
  await sql`
    INSERT INTO tlog_cosignatures (tree_size, witness_vkey, signature_line, cosigned_at, created_at)
    VALUES (${String(c.treeSize)}, ${c.witnessVkey}, ${c.line}, ${String(c.cosignedAt)}, ${now})
    ON CONFLICT (tree_size, witness_vkey) DO NOTHING`.execute(db);
}

/** The stored cosignature lines of one checkpoint size by the given witnesses, in a fixed order. */
export async function cosignatureLines(db: Kysely<DB>, treeSize: number, witnessVkeys: string[]): Promise<string[]> {
  if (witnessVkeys.length === 0) return [];
  const { rows } = await sql<{ signature_line: string }>`
    SELECT signature_line FROM tlog_cosignatures
    WHERE tree_size = ${String(treeSize)} AND witness_vkey IN (${sql.join(witnessVkeys)})
    ORDER BY witness_vkey`.execute(db);
  return rows.map((r) => r.signature_line);
}

/** The largest size the witness has cosigned for this log, if any. */
export async function lastCosignedSize(db: Kysely<DB>, witnessVkey: string): Promise<number | undefined> {
  const { rows } = await sql<{ tree_size: string }>`
    SELECT tree_size FROM tlog_cosignatures WHERE witness_vkey = ${witnessVkey}
    ORDER BY tree_size DESC LIMIT 1`.execute(db);
  return rows.length > 0 ? Number(rows[0].tree_size) : undefined;
}

/**
 * The largest size above `minSize` that at least `quorum` of the witnesses cosigned, among the
 * newest RECENT_CHECKPOINTS checkpoints only: bounded work whatever the log's age.
 */
const RECENT_CHECKPOINTS = 20;

export async function newestQuorumSize(
  db: Kysely<DB>,
  minSize: number,
  witnessVkeys: string[],
  quorum: number,
): Promise<number | undefined> {
  if (witnessVkeys.length === 0) return undefined;
  const { rows } = await sql<{ tree_size: string }>`
    SELECT tree_size FROM tlog_cosignatures
    WHERE tree_size IN (
        SELECT tree_size FROM tlog_checkpoints WHERE tree_size > ${String(minSize)}
        ORDER BY tree_size DESC LIMIT ${RECENT_CHECKPOINTS})
      AND witness_vkey IN (${sql.join(witnessVkeys)})
    GROUP BY tree_size HAVING count(*) >= ${quorum}
    ORDER BY tree_size DESC LIMIT 1`.execute(db);
  return rows.length > 0 ? Number(rows[0].tree_size) : undefined;
}
