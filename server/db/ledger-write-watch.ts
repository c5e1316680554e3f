// Tells this process at once when one of its own database connections has changed the ledger:
// a statement that writes the submissions table moves the change stamps (migration 008), and the
// notice of it (migration 018) reaches this process's listener only some time after commit. The
// pool hands a connection back after its statement or transaction has ended (committed or not),
// and before the caller sees the result, so a request that follows the caller's write in this
// process always reads the stamps again: whoever gets a 201 from this process sees its own change.
import type pg from 'pg';

/** Statements that may move the stamps: they write submissions (whose triggers move them). */
const WRITES_LEDGER = /\b(?:insert\s+into|update|delete\s+from)\s+"?submissions"?(?![\w"])/i;

type QueryFn = (...args: unknown[]) => unknown;

function queryText(config: unknown): string | undefined {
  if (typeof config === 'string') return config;
  if (config && typeof config === 'object' && 'text' in config && typeof config.text === 'string') return config.text;
  return undefined;
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

/** Calls `onWrite` whenever a connection of `pool` that wrote the submissions table is released. */
export function watchLedgerWrites(pool: pg.Pool, onWrite: () => void): LedgerWriteWatch {
  const wrote = new WeakSet<pg.PoolClient>();
  const backendPids = new Set<number>();
  pool.on('connect', (client) => {
    // Without one (the embedded database) every notice is taken as news.
    const pid = backendPidOf(client);
    if (pid !== undefined) backendPids.add(pid);
    const query = client.query as unknown as QueryFn;
    const watched: QueryFn = function (this: unknown, ...args) {
      const text = queryText(args[0]);
      if (text !== undefined && WRITES_LEDGER.test(text)) wrote.add(client);
      return query.apply(this, args);
    };
    client.query = watched as unknown as typeof client.query;
  });
  pool.on('release', (_err: Error | undefined, client: pg.PoolClient) => {
    if (wrote.delete(client)) onWrite();
  });
  pool.on('remove', (client) => {
    const pid = backendPidOf(client);
    if (pid !== undefined) backendPids.delete(pid);
  });
  return { ownsBackend: (backendPid) => backendPids.has(backendPid) };
}
