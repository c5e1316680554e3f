// This process's stamp source for each database handle (ledger-stamps.ts), made on first use: for
// a handle openDatabase made, one that LISTENs on the database's notice channel and skips the
// notices of its own connections (already reported by ledgerWritten); for any other handle (one
// with Kysely plugins added, say), one that reads the stamps for every request.
import type { Kysely } from 'kysely';
import { databaseOf } from '../db/database';
import type { DB } from '../db/types';
import { LEDGER_CHANGED_CHANNEL, LedgerStampSource, type LedgerStamps } from './ledger-stamps';
import { readLedgerStamps } from './stamps-repository';

const sources = new WeakMap<Kysely<DB>, LedgerStampSource>();

/** Makes `source` the one used for `db` (tests that count or time its reads). */
export function useLedgerStampSource(db: Kysely<DB>, source: LedgerStampSource): void {
  sources.set(db, source);
}

/**
 * The source for `db`, made now if needed; undefined for a handle openDatabase did not make and
 * that has none yet (its pages are then built by visitors only, as nothing tells it of changes).
 */
export function ledgerStampSourceOf(db: Kysely<DB>): LedgerStampSource | undefined {
  const known = sources.get(db);
  if (known) return known;
  const database = databaseOf(db);
  if (!database) return undefined;
  const source = new LedgerStampSource(() => readLedgerStamps(db), {
    subscribe: (onNotice, onListening) => database.listen(LEDGER_CHANGED_CHANNEL, onNotice, onListening),
    isOwnNotice: (payload) => database.ownsBackend(Number(payload)),
  });
  sources.set(db, source);
  return source;
}

/** The source for `db`, one reading for every request if nothing else fits. */
function sourceFor(db: Kysely<DB>): LedgerStampSource {
  let source = ledgerStampSourceOf(db);
  if (!source) {
    source = new LedgerStampSource(() => readLedgerStamps(db));
    sources.set(db, source);
  }
  return source;
}

/**
 * The stamps every cached public answer is checked against, as this process serves them now
 * (ledger-stamps.ts says how fresh they are).
 */
export function currentLedgerStamps(db: Kysely<DB>): Promise<LedgerStamps> {
  return sourceFor(db).current();
}

/**
 * A transaction through `db` that may have changed the ledger has committed; `connection` is the
 * connection it ran on, still held, whose next read sees the commit. Called by the works layer's
 * ledgerTransaction before its caller hears of the commit: the stamps are read there, so the
 * writer's next request, and everyone's after it, finds them known. Never rejects.
 */
export async function ledgerWritten(db: Kysely<DB>, connection: Kysely<DB>): Promise<void> {
  await sourceFor(db).wrote(() => readLedgerStamps(connection.withoutPlugins()));
}

/**
 * A writer waits at most this long for the pages rebuilt with its write (a slow list must not
 * hold a registration): past it, the next visitor shares the rebuild still under way.
 */
const OWN_WRITE_WAIT_MS = 250;

/**
 * Resolves once the first pages this process keeps fresh ahead show its latest own write to
 * `db` (or after OWN_WRITE_WAIT_MS): a registration waits for it before answering, so the page
 * its artist opens next is ready instead of being built for them.
 */
export async function ownWritesShown(db: Kysely<DB>): Promise<void> {
  const handled = sources.get(db)?.ownWritesHandled();
  if (!handled) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([handled, new Promise<void>((resolve) => (timer = setTimeout(resolve, OWN_WRITE_WAIT_MS).unref()))]);
  clearTimeout(timer);
}
