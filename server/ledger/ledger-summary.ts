// Figures about the whole public ledger: how many works, how many verified, which tools, and
// which platforms and tags with how many works each. The ledger page's header and filters, the
// public API's unfiltered totals and the Croissant description all show them, and counting
// every public row is the costly part of a new question, so they are read once per ledger
// version and shared by every route of the app.
import type { Kysely } from 'kysely';
import type { FilterOption } from '../../core/api-types';
import { perLedgerVersion } from '../db/ledger-version';
import type { DB } from '../db/types';
import { readLedgerSummary } from './ledger-summary-repository';

export interface LedgerSummary {
  publicTotal: number;
  verified: number;
  toolsInLedger: string[];
  /** Platforms as the filter offers them ('Web Browser' counted as 'Web'), in the wizard's order. */
  platforms: FilterOption[];
  /** The TAG_OPTIONS_MAX (ledger-summary-repository.ts) most used tags, alphabetically. */
  tags: FilterOption[];
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
