// Figures about the whole public ledger: how many works, how many verified, which tools. The
// ledger page's header, the public API's unfiltered totals and the Croissant description all
// show them, and counting every public row is the costly part of a new question, so they are
// read once per ledger version and shared by every route of the app.
import type { Expression, Kysely, SqlBool } from 'kysely';
import { sql } from 'kysely';
import { VERIFIED_THRESHOLD } from '../../core/constants';
import { perLedgerVersion } from '../db/ledger-version';
import type { DB } from '../db/types';

export interface LedgerSummary {
  publicTotal: number;
  verified: number;
  toolsInLedger: string[];
}

/** One pass over the public rows. */
async function readLedgerSummary(db: Kysely<DB>): Promise<LedgerSummary> {
  const row = await db
    .selectFrom('public_submissions')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.countAll<string>().filterWhere('trust_meter', '>=', VERIFIED_THRESHOLD).as('verified'),
      sql<string[] | null>`array_agg(DISTINCT tool)`.as('tools'),
    ])
    .executeTakeFirstOrThrow();
  return { publicTotal: Number(row.total), verified: Number(row.verified), toolsInLedger: row.tools ?? [] };
}

// One memo per database (so per app), whichever route asks first.
const summaries = new WeakMap<Kysely<DB>, (version: string) => Promise<LedgerSummary>>();

/** The summary at this ledger version (from readLedgerVersion), read at most once per version. */
export function ledgerSummaryAt(db: Kysely<DB>, version: string): Promise<LedgerSummary> {
  let at = summaries.get(db);
  if (!at) {
    at = perLedgerVersion(() => readLedgerSummary(db));
    summaries.set(db, at);
  }
  return at(version);
}

/** Public works matching a filter's conditions (a filtered total; the unfiltered one is the summary's). */
export async function countPublicWhere(db: Kysely<DB>, conditions: Expression<SqlBool>[]): Promise<number> {
  const row = await db
    .selectFrom('public_submissions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where((eb) => eb.and(conditions))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
