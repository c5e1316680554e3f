// One query path for both databases: Kysely over a pg.Pool, which talks either to an embedded
// PGlite (default) or to a PostgreSQL server (DATABASE_URL). Same SQL, same results.
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import type { DB } from './types';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import {
  LEDGER_CHANGED_CHANNEL,
  LedgerStampSource,
  ledgerStampSourceOf,
  readLedgerStamps,
  useLedgerStampSource,
} from './ledger-stamps';
import { prepareOnConnections } from './prepared-statements';
import { watchLedgerWrites, type LedgerWriteWatch } from './ledger-write-watch';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  kind: DatabaseKind;
  db: Kysely<DB>;
  pool: pg.Pool;
  /**
   * Subscribe to a Postgres NOTIFY channel; returns an unsubscribe function. `onListening` hears
   * when the subscription starts, drops and starts again (notices sent meanwhile are lost).
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onListening?: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… connection string; when absent the embedded database is used. */
  databaseUrl?: string;
  /** Folder for the embedded database; absent means in memory (tests). */
  dataDir?: string;
  /** In-memory embedded database only: start from this dump (PGlite dumpDataDir) instead of an initdb. */
  loadDataDir?: Blob;
  poolSize?: number;
  /**
   * Called when an idle PostgreSQL connection dies (server restart, admin command). The pool
   * drops it and opens a new one on demand; without a handler the error would end the process.
   */
  onIdleConnectionError?: (err: Error) => void;
}

const warnIdleConnectionError = (err: Error) => console.warn(`PostgreSQL connection lost (the pool will reconnect): ${err.message}`);

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options.onIdleConnectionError ?? warnIdleConnectionError)
    : openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  // Loaded only for the embedded database: a server on PostgreSQL starts without it.
  const [{ PGlite }, { pg_trgm }, { createPgConfig }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/node-postgres'),
  ]);
  let lock: DataDirLock | undefined;
  let location = 'memory://';
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    lock = acquireDataDirLock(dataDir);
    location = path.join(dataDir, 'pgdata');
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(location, { extensions: { pg_trgm }, ...(dataDir ? {} : { loadDataDir }) });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const pool = new pg.Pool(createPgConfig(pglite) as pg.PoolConfig);
  prepareOnConnections(pool);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const writes = watchLedgerWrites(pool, (readOnWriter) => ledgerStampSourceOf(db)?.wrote(readOnWriter));
  return withLedgerStamps(writes, {
    kind: 'pglite',
    db,
    pool,
    async listen(channel, onMessage, onListening) {
      const unsubscribe = await pglite.listen(channel, onMessage);
      onListening?.(true);
      return async () => unsubscribe();
    },
    async close() {
      await db.destroy();
      await pglite.close();
      lock?.release();
    },
  });
}

async function openPostgres(url: string, poolSize: number, onIdleConnectionError: (err: Error) => void): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', onIdleConnectionError);
  // Before the write watch wraps the connections, so that its stamp reads are prepared too.
  prepareOnConnections(pool);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const writes = watchLedgerWrites(pool, (readOnWriter) => ledgerStampSourceOf(db)?.wrote(readOnWriter));
  // Fail fast with the server's own message (wrong password, missing database…).
  await pool.query('SELECT 1');
  return withLedgerStamps(writes, {
    kind: 'postgres',
    db,
    pool,
    async listen(channel, onMessage, onListening) {
      // LISTEN needs a connection of its own for as long as the subscription lasts. If that
      // connection drops (server restart, network), reconnect with a growing delay instead of
      // crashing the process; notifications sent while disconnected are lost, which only
      // delays a live refresh.
      let client: pg.Client | null = null;
      let stopped = false;
      let retryDelay = 500;
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString: url });
        next.on('notification', (msg) => {
          if (msg.channel === channel) onMessage(msg.payload ?? '');
        });
        next.on('error', () => {
          if (client !== next || stopped) return;
          client = null;
          onListening?.(false);
          next.end().catch(() => undefined);
          setTimeout(() => void reconnect(), retryDelay).unref();
        });
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        client = next;
        retryDelay = 500;
        onListening?.(true);
      };
      const reconnect = async (): Promise<void> => {
        if (stopped) return;
        try {
          await connect();
        } catch {
          retryDelay = Math.min(retryDelay * 2, 30_000);
          setTimeout(() => void reconnect(), retryDelay).unref();
        }
      };
      await connect();
      return async () => {
        stopped = true;
        await client?.end().catch(() => undefined);
      };
    },
    async close() {
      await db.destroy();
    },
  });
}

/**
 * Keeps the ledger's change stamps in this process from the database's notices (ledger-stamps.ts)
 * and stops listening when the database closes.
 */
function withLedgerStamps(writes: LedgerWriteWatch, database: Database): Database {
  const source = new LedgerStampSource(() => readLedgerStamps(database.db), {
    subscribe: (onNotice, onListening) => database.listen(LEDGER_CHANGED_CHANNEL, onNotice, onListening),
    isOwnNotice: (payload) => writes.ownsBackend(Number(payload)),
  });
  useLedgerStampSource(database.db, source);
  const close = database.close;
  return {
    ...database,
    async close() {
      await source.close();
      await close();
    },
  };
}

/** Sends a Postgres NOTIFY; inside a transaction it is delivered only after commit. */
export async function notify(db: Kysely<DB>, channel: string, payload: string): Promise<void> {
  await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
}
