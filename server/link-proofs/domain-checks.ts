// The port through which features ask for a domain proof to be checked (the submissions
// feature's domain-check job does it), queued in the caller's transaction as link checks are.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types';

export interface DomainChecks {
  /** Queues a check of one domain proof; a second one while the first waits is the same job. */
  queue(db: Kysely<DB> | Transaction<DB>, domainProofId: string): Promise<void>;
  /** Runs this process's worker now: call after the transaction that queued checks commits. */
  wake(): void;
}

/** LINK_CHECKS off: nothing is looked up or fetched, and domains stay pending. */
export const NO_DOMAIN_CHECKS: DomainChecks = {
  queue: async () => undefined,
  wake: () => undefined,
};
