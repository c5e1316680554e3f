// Tells this process at once when one of its own database connections has changed the ledger:
// a statement that writes the submissions table moves the change stamps (migration 008), and the
// notice of it (migration 018) reaches this process's listener only some time after commit.
//
// When such a write commits (the transaction's COMMIT, or the statement itself outside a
// transaction), the stamps are read on the same connection before the caller hears the commit
// went through, and handed to `onWrite`: whoever gets a 201 from this process sees its own
// change, and the next request finds the stamps already known instead of waiting for a read of
// its own (the first page asked after a registration was a round trip slower for it). A write
// whose commit was not seen that way (a callback-style query) is reported without stamps when
// the pool gets its connection back, which is still before the caller sees the result.
import type pg from 'pg';
import { LEDGER_STAMPS_SQL, toLedgerStamps, type LedgerStamps, type LedgerStampsRow } from './ledger-stamps';

/** Statements that may move the stamps: they write submissions (whose triggers move them). */
const WRITES_LEDGER = /\b(?:insert\s+into|update|delete\s+from)\s+"?submissions"?(?![\w"])/i;
const BEGINS = /^\s*(?:begin|start\s+transaction)\b/i;
const COMMITS = /^\s*(?:commit|end)\s*;?\s*$/i;
/** The whole transaction's rollback (not one to a savepoint): nothing it wrote remains. */
const ROLLS_BACK = /^\s*(?:rollback|abort)\s*;?\s*$/i;

type QueryFn = (...args: unknown[]) => unknown;

/** Reports a committed write: `readOnWriter` reads the stamps on the writing connection. */
export type OnLedgerWrite = (readOnWriter?: () => Promise<LedgerStamps>) => void | Promise<void>;

function queryText(config: unknown): string | undefined {
  if (typeof config === 'string') return config;
  if (config && typeof config === 'object' && 'text' in config && typeof config.text === 'string') return config.text;
  return undefined;
}

function isThenable(value: unknown): value is Promise<unknown> {
  return typeof (value as Promise<unknown> | undefined)?.then === 'function';
}

/** The server process behind `client` (the embedded database's clients have none). */
function backendPidOf(client: pg.PoolClient): number | undefined {
  const pid = (client as pg.PoolClient & { processID?: number | null }).processID;
  return typeof pid === 'number' && pid > 0 ? pid : undefined;
}

export interface LedgerWriteWatch {
  /** Whether `backendPid` is one of the pool's own connections (whose writes were noticed on release). */
  ownsBackend(backendPid: number): boolean;
}

/** Calls `onWrite` whenever a connection of `pool` has committed a write to the submissions table. */
export function watchLedgerWrites(pool: pg.Pool, onWrite: OnLedgerWrite): LedgerWriteWatch {
  /** Connections with a write not yet reported. */
  const wrote = new WeakSet<pg.PoolClient>();
  const inTransaction = new WeakSet<pg.PoolClient>();
  const backendPids = new Set<number>();
  pool.on('connect', (client) => {
    // Without one (the embedded database) every notice is taken as news.
    const pid = backendPidOf(client);
    if (pid !== undefined) backendPids.add(pid);
    const query = client.query as unknown as QueryFn;
    const readOnWriter = async () =>
      toLedgerStamps(((await query.call(client, LEDGER_STAMPS_SQL)) as pg.QueryResult<LedgerStampsRow>).rows[0]);
    /** After the commit of a write: report it with its stamps before the caller hears of the commit. */
    const reportOnCommit = (result: Promise<unknown>) =>
      result.then(async (value) => {
        wrote.delete(client);
        await Promise.resolve(onWrite(readOnWriter)).catch(() => undefined);
        return value;
      });
    const watched: QueryFn = function (this: unknown, ...args) {
      const text = queryText(args[0]);
      if (text === undefined) return query.apply(this, args);
      if (BEGINS.test(text)) inTransaction.add(client);
      const writes = WRITES_LEDGER.test(text);
      if (writes) wrote.add(client);
      const commits = COMMITS.test(text);
      const rollsBack = ROLLS_BACK.test(text);
      if (commits || rollsBack) inTransaction.delete(client);
      if (rollsBack) wrote.delete(client);
      const result = query.apply(this, args);
      const committed = commits ? wrote.has(client) : writes && !inTransaction.has(client);
      return committed && isThenable(result) ? reportOnCommit(result) : result;
    };
    client.query = watched as unknown as typeof client.query;
  });
  pool.on('release', (_err: Error | undefined, client: pg.PoolClient) => {
    if (wrote.delete(client)) void Promise.resolve(onWrite()).catch(() => undefined);
  });
  pool.on('remove', (client) => {
    const pid = backendPidOf(client);
    if (pid !== undefined) backendPids.delete(pid);
  });
  return { ownsBackend: (backendPid) => backendPids.has(backendPid) };
}
