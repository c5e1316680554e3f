// The ledger cache's two reads: the change stamps kept answers are checked against
// (ledger-stamps.ts) and the coarser ledger version (ledger-version.ts), both kept by triggers in
// every writer's transaction (migrations 003 and 008).
import { sql, type Kysely } from 'kysely';
import { prepareText } from '../db/prepared-statements';
import type { DB } from '../db/types';
import type { LedgerStamps } from './ledger-stamps';

/** The stamps in one tiny read (a one-row table and the end of a unique index), prepared (decision 0048). */
const LEDGER_STAMPS_SQL = prepareText(
  'SELECT changes, additions, (SELECT max(registry_seq) FROM submissions) AS last_seq FROM ledger_version',
);

interface LedgerStampsRow {
  changes: string | number;
  additions: string | number;
  last_seq: string | number | null;
}

export async function readLedgerStamps(db: Kysely<DB>): Promise<LedgerStamps> {
  const row = (await sql<LedgerStampsRow>`${sql.raw(LEDGER_STAMPS_SQL)}`.execute(db)).rows[0];
  return { changes: String(row?.changes ?? '0'), additions: String(row?.additions ?? '0'), lastSeq: String(row?.last_seq ?? '0') };
}

/** The current ledger version: one tiny read, shared by every server process. */
export async function readLedgerVersion(db: Kysely<DB>): Promise<string> {
  const row = await sql<{ version: string }>`SELECT version FROM ledger_version`.execute(db);
  return String(row.rows[0]?.version ?? '0');
}
