// The port through which features ask for a work's links to be checked (the submissions
// feature's link-check job does it): queued in the caller's transaction, so a check exists if
// and only if the change that needs it commits.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types';

export interface LinkChecks {
  /** Queues a check of the work's links; a second one while the first waits is the same job. */
  queue(db: Kysely<DB> | Transaction<DB>, submissionId: string): Promise<void>;
  /** Runs this process's worker now: call after the transaction that queued checks commits. */
  wake(): void;
}

/** LINK_CHECKS off: nothing is fetched, and links stay not proven (the test suites' default). */
export const NO_LINK_CHECKS: LinkChecks = {
  queue: async () => undefined,
  wake: () => undefined,
};
