// Figures about the whole public ledger: how many works, how many verified, which tools, and
// which platforms and tags with how many works each. The ledger page's header and filters, the
// public API's unfiltered totals and the Croissant description all show them. They are kept
// up to date by the database itself (counter rows maintained in each writer's transaction,
// migration 008), so reading them costs a few index lookups whatever the ledger's size.
import type { FilterOption } from '../../core/api-types';

export interface LedgerSummary {
  publicTotal: number;
  verified: number;
  toolsInLedger: string[];
  /** Platforms as the filter offers them ('Web Browser' counted as 'Web'), in the wizard's order. */
  platforms: FilterOption[];
  /** The TAG_OPTIONS_MAX (ledger-summary-repository.ts) most used tags, alphabetically. */
  tags: FilterOption[];
}
