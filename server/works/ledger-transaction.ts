// The one way to change the ledger (the submissions table): a transaction that says, once it has
// committed, that the ledger may have changed. The public answers each server process keeps
// (server/ledger-cache/) follow that report for this process's own writes, and the database's
// notice for every other process's; no statement's text is read to guess which writes matter.
//
// Every function that writes submissions takes a `LedgerWriter`, which only ledgerTransaction
// hands out: a write outside one does not compile.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types';
import { ledgerWritten, ownWritesShown } from '../ledger-cache';

declare const LEDGER_WRITER: unique symbol;

/** A transaction that may write the ledger; its commit is reported (ledgerTransaction). */
export type LedgerWriter = Transaction<DB> & { readonly [LEDGER_WRITER]: true };

export interface LedgerTransactionOptions {
  /**
   * Resolve only once the public pages this process keeps fresh ahead show the change (or a
   * quarter of a second has passed): a registration answers then, so the page its artist opens
   * next is ready (decision 0044).
   */
  waitUntilShown?: boolean;
}

/**
 * Runs `write` in a transaction of `db` (not itself a transaction) and, once it has committed
 * and before the caller hears so, reports that the ledger may have changed. A transaction that
 * rolls back reports nothing.
 */
export async function ledgerTransaction<T>(
  db: Kysely<DB>,
  write: (trx: LedgerWriter) => Promise<T>,
  options: LedgerTransactionOptions = {},
): Promise<T> {
  // One connection for the transaction and the report: its first read after the commit sees it.
  const result = await db.connection().execute(async (connection) => {
    const written = await connection.transaction().execute((trx) => write(trx as LedgerWriter));
    await ledgerWritten(db, connection);
    return written;
  });
  if (options.waitUntilShown) await ownWritesShown(db);
  return result;
}
