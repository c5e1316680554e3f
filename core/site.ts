// Product identity shown on pages, badges, feeds and exports. One place, so a rename is one edit.
export const SITE_NAME = 'VeriWork';
export const SITE_TAGLINE = 'The public registry and trust ledger for AI-generated artwork';
/** Prefix for identifiers the product asks others to store (e.g. WordPress custom fields). */
export const FIELD_PREFIX = 'veriwork';

/** What the server tells the browser about this deployment (GET /api/site). */
export interface SiteConfig {
  site_name: string;
  site_url: string;
  support_email: string;
  /** Hosted payment page for the sponsor form; null hides the form (decision 0020). */
  sponsor_url: string | null;
  /** Witnesses configured to cosign the log's checkpoints (TLOG_WITNESSES); 0 when none. */
  log_witnesses: number;
  /** How many of them a checkpoint needs before proofs use it (TLOG_WITNESS_QUORUM). */
  log_witness_quorum: number;
}
