// The events a change to a work gives integrators (issue 39, decision 0069), as the port the
// lifecycle transactions call: each queues its events in its own transaction, so an event is sent
// if and only if its change commits. The webhooks layer implements it (server/webhooks/); a path
// with no queue (the seed command) passes NO_WORK_EVENTS.
import type { Transaction } from 'kysely';
import type { WebhookEvent } from '../../core/webhooks';
import type { DB } from '../db/types';

export interface WorkEvent {
  type: WebhookEvent;
  work: { id: string; registry_id: string };
}

export interface WorkEvents {
  /** Queues the events in `trx`, after the change is written (the payload reads the work as changed). */
  queue(trx: Transaction<DB>, events: readonly WorkEvent[]): Promise<void>;
  /** Runs this process's delivery worker now: call after the transaction commits. */
  wake(): void;
}

export const NO_WORK_EVENTS: WorkEvents = {
  queue: async () => {},
  wake: () => {},
};
