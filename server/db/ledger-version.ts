// The ledger version: a counter a trigger moves on every change to submissions (migration 003),
// and the finer change stamps of migration 008 that cached public answers are checked against.
// Anything derived from submissions and read again with the same version is still current.
import { sql, type Kysely } from 'kysely';
import { FreshReads } from './fresh-reads';
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

/**
 * The finer stamps of migration 008: `changes` moves when a public work changes, leaves or
 * re-enters the public ledger; `additions` when a new public work is registered. `lastSeq` is
 * the highest registry number at the same moment: works registered later have higher ones
 * (numbers are taken and committed under the registration lock, in order).
 */
export interface LedgerStamps {
  changes: string;
  additions: string;
  lastSeq: string;
}

/** The stamps in one tiny read (a one-row table and the end of a unique index), shared by every server process. */
export async function readLedgerStamps(db: Kysely<DB>): Promise<LedgerStamps> {
  const row = await sql<{ changes: string; additions: string; last_seq: string | null }>`
    SELECT changes, additions, (SELECT max(registry_seq) FROM submissions) AS last_seq FROM ledger_version`.execute(db);
  const r = row.rows[0];
  return { changes: String(r?.changes ?? '0'), additions: String(r?.additions ?? '0'), lastSeq: String(r?.last_seq ?? '0') };
}

const stampReaders = new WeakMap<Kysely<DB>, FreshReads<LedgerStamps>>();

/**
 * The stamps as of this call or later, one read shared by the requests that want them at the
 * same moment (fresh-reads.ts): under load a busy page costs two stamp reads per round of
 * requests instead of one per request, and no request is answered from stamps older than itself.
 */
export function currentLedgerStamps(db: Kysely<DB>): Promise<LedgerStamps> {
  let reader = stampReaders.get(db);
  if (!reader) {
    reader = new FreshReads(() => readLedgerStamps(db));
    stampReaders.set(db, reader);
  }
  return reader.read();
}
