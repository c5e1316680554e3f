// The ledger version: a counter a trigger moves on every change to submissions (migration 003).
// The finer change stamps cached public answers are checked against are in ledger-stamps.ts.
// Anything derived from submissions and read again with the same version is still current.
import { sql, type Kysely } from 'kysely';
import type { DB } from './types';

/** The current ledger version: one tiny read, shared by every server process. */
export async function readLedgerVersion(db: Kysely<DB>): Promise<string> {
  const row = await sql<{ version: string }>`SELECT version FROM ledger_version`.execute(db);
  return String(row.rows[0]?.version ?? '0');
}

/**
 * A value read from the database at most once per ledger version, shared by every request that
 * sees that version. A failed read is not kept: the next request reads again.
 */
export function perLedgerVersion<T>(read: () => Promise<T>): (version: string) => Promise<T> {
  let entry: { version: string; value: Promise<T> } | null = null;
  return (version) => {
    if (entry?.version !== version) {
      const next = { version, value: read() };
      next.value.catch(() => {
        if (entry === next) entry = null;
      });
      entry = next;
    }
    return entry.value;
  };
}
