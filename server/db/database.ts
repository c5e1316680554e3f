// One query path for both databases: Kysely over a pg.Pool, which talks either to an embedded
// PGlite (default) or to a PostgreSQL server (DATABASE_URL). Same SQL, same results.
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import { Kysely, PostgresDialect, sql, type LogEvent } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import type { DB } from './types';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { preparingPool } from './prepared-statements';

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
  /**
   * Whether `backendPid` (a NOTIFY's sender, pg_backend_pid()) is one of this pool's own
   * connections. Always false on the embedded database, whose connections have none.
   */
  ownsBackend(backendPid: number): boolean;
  /**
   * Hears every statement run through `db` once it ends, with its time (the operator's metrics,
   * server/metrics/). Returns a function that stops it. Kysely's own query log is the seam: the
   * driver is not wrapped.
   */
  observeQueries(observer: QueryObserver): () => void;
}

/** One statement's end: its time, and whether the database refused it. Never its text or values. */
export type QueryObserver = (query: { durationMs: number; failed: boolean }) => void;

/** Kysely's `log` option, handing each statement's time to whoever observes the database. */
function queryObservers(): { log: (event: LogEvent) => void; observe: Database['observeQueries'] } {
  const observers = new Set<QueryObserver>();
  return {
    log(event) {
      if (observers.size === 0) return;
      const query = { durationMs: event.queryDurationMillis, failed: event.level === 'error' };
      for (const observer of observers) observer(query);
    },
    observe(observer) {
      observers.add(observer);
      return () => observers.delete(observer);
    },
  };
}

export interface DatabaseOptions {
  /** postgres://… connection string; when absent the embedded database is used. */
  databaseUrl?: string;
  /** Folder for the embedded database; absent means in memory (tests). */
  dataDir?: string;
  /** In-memory embedded database only: start from this dump (PGlite dumpDataDir) instead of an initdb. */
  loadDataDir?: Blob;
  /**
   * An embedded database already open, used as it is and left open by close(): the tests hand one
   * test file's database, reset, to the next (opening one from a dump costs a second of CPU).
   */
  openPglite?: PGlite;
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
    : openPglite(options.dataDir, options.loadDataDir, options.openPglite);
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined, given: PGlite | undefined): Promise<Database> {
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
    pglite = given ?? (await PGlite.create(location, { extensions: { pg_trgm }, ...(dataDir ? {} : { loadDataDir }) }));
  } catch (err) {
    lock?.release();
    throw err;
  }
  const pool = new pg.Pool(createPgConfig(pglite) as pg.PoolConfig);
  const queries = queryObservers();
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }), log: queries.log });
  const subscriptions = new Subscriptions();
  return registered({
    kind: 'pglite',
    db,
    pool,
    observeQueries: queries.observe,
    ownsBackend: () => false,
    listen: (channel, onMessage, onListening) =>
      subscriptions.start(async () => {
        // While no query of the pool runs (the embedded database's pool has one connection):
        // PGlite's LISTEN sent beside a query of the pool left that query unanswered for good (the
        // first request of a process whose cache started listening on that request).
        const client = await pool.connect();
        let unsubscribe: () => Promise<void>;
        try {
          unsubscribe = await pglite.listen(channel, onMessage);
        } finally {
          client.release();
        }
        onListening?.(true);
        return async () => {
          const quiet = await pool.connect();
          try {
            await unsubscribe();
          } finally {
            quiet.release();
          }
        };
      }),
    async close() {
      await subscriptions.stopAll();
      await db.destroy();
      if (!given) await pglite.close();
      lock?.release();
    },
  });
}

async function openPostgres(url: string, poolSize: number, onIdleConnectionError: (err: Error) => void): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', onIdleConnectionError);
  const backendPids = trackBackendPids(pool);
  const queries = queryObservers();
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }), log: queries.log });
  // Fail fast with the server's own message (wrong password, missing database…).
  await pool.query('SELECT 1');
  const subscriptions = new Subscriptions();
  return registered({
    kind: 'postgres',
    db,
    pool,
    observeQueries: queries.observe,
    ownsBackend: (backendPid) => backendPids.has(backendPid),
    listen: (channel, onMessage, onListening) =>
      subscriptions.start(async () => {
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
      }),
    async close() {
      await subscriptions.stopAll();
      await db.destroy();
    },
  });
}

/** The server processes behind the pool's connections, as they come and go. */
function trackBackendPids(pool: pg.Pool): Set<number> {
  const pids = new Set<number>();
  const pidOf = (client: pg.PoolClient) => {
    const pid = (client as pg.PoolClient & { processID?: number | null }).processID;
    return typeof pid === 'number' && pid > 0 ? pid : undefined;
  };
  pool.on('connect', (client) => {
    const pid = pidOf(client);
    if (pid !== undefined) pids.add(pid);
  });
  pool.on('remove', (client) => {
    const pid = pidOf(client);
    if (pid !== undefined) pids.delete(pid);
  });
  return pids;
}

/** A database's LISTEN subscriptions: all ended when it closes, and none started after. */
class Subscriptions {
  private readonly stops = new Set<() => Promise<void>>();
  private closed = false;

  async start(subscribe: () => Promise<() => Promise<void>>): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('The database is closed');
    const stop = await subscribe();
    if (this.closed) {
      await stop();
      throw new Error('The database is closed');
    }
    let stopping: Promise<void> | undefined;
    const once = () => {
      this.stops.delete(once);
      return (stopping ??= stop());
    };
    this.stops.add(once);
    return once;
  }

  async stopAll(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.stops].map((stop) => stop()));
  }
}

const databases = new WeakMap<Kysely<DB>, Database>();

function registered(database: Database): Database {
  databases.set(database.db, database);
  return database;
}

/**
 * The Database a Kysely handle was opened with by openDatabase (undefined for any other handle,
 * such as one with plugins added): what a layer that listens to the database needs beside `db`.
 */
export function databaseOf(db: Kysely<DB>): Database | undefined {
  return databases.get(db);
}

/** Sends a Postgres NOTIFY; inside a transaction it is delivered only after commit. */
export async function notify(db: Kysely<DB>, channel: string, payload: string): Promise<void> {
  await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
}
