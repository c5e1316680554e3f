// Webhook deliveries as jobs of the durable queue (issue 39, decision 0069). An event is queued in
// the transaction of the change that causes it: one delivery row and one `webhook` job per
// subscribed endpoint. A job signs the stored payload (Standard Webhooks) and POSTs it through
// the guarded fetcher, once per try; a failed try is retried by the queue with back-off for about
// a day, then the delivery stays failed in the endpoint's log until an admin retries it.
// Each endpoint gets its events in order: a delivery whose endpoint still has an earlier one
// unsettled waits (its job ends), and the earlier one's last try hands the turn to the next.
import type { Kysely, Transaction } from 'kysely';
import type { AppConfig } from '../config';
import type { DB } from '../db/types';
import type { Fetcher } from '../fetcher/fetcher';
import type { JobLog, JobQueue } from '../jobs/job-queue';
import type { WorkEvent, WorkEvents } from '../works/work-events';
import { webhookFailureText } from '../../core/webhooks';
import { workPayload } from './payloads';
import { newMessageId, signedHeaders } from './signing';
import {
  deliveryWithEndpoint,
  hasEarlierUnsettled,
  insertDeliveries,
  lockEndpoint,
  oldestWaiting,
  reduceWorkPayloads,
  setDelivery,
  subscribedEndpoints,
  type DeliveryWithEndpoint,
} from './webhooks-repository';

export const WEBHOOK_JOB = 'webhook';

interface WebhookJobData {
  delivery: string;
}

export interface WebhookDeps {
  db: Kysely<DB>;
  config: Pick<AppConfig, 'siteUrl' | 'webhookRetry'>;
  now: () => Date;
}

export interface WebhookDeliveries extends WorkEvents {
  /** Queues the delivery again (an admin's retry), in `trx`; wake after the commit. */
  requeue(trx: Transaction<DB>, deliveryId: string): Promise<void>;
}

/** Events about a work that left the public registry: what was queued about it loses its details. */
const GONE = new Set<WorkEvent['type']>(['work.withdrawn', 'work.removed']);

function signingSecrets(delivery: DeliveryWithEndpoint, now: Date): string[] {
  const previous = delivery.previous_secret && delivery.previous_secret_until && new Date(delivery.previous_secret_until) > now;
  return previous ? [delivery.secret, delivery.previous_secret!] : [delivery.secret];
}

export function defineWebhookJob(queue: JobQueue, deps: WebhookDeps, fetcher: Pick<Fetcher, 'post'>, log: JobLog): WebhookDeliveries {
  const enqueue = (trx: Kysely<DB> | Transaction<DB>, delivery: string) => queue.enqueue(trx, WEBHOOK_JOB, { delivery });

  /** Gives the endpoint's turn to its oldest waiting delivery (under the endpoint's lock). */
  async function handOn(trx: Transaction<DB>, endpointId: string): Promise<void> {
    const next = await oldestWaiting(trx, endpointId);
    if (!next) return;
    await setDelivery(trx, next, { state: 'pending' });
    await enqueue(trx, next);
  }

  /** Decides, under the endpoint's lock, whether this run sends: not when its turn has not come. */
  async function claim(id: string): Promise<DeliveryWithEndpoint | null> {
    return deps.db.transaction().execute(async (trx) => {
      const unlocked = await deliveryWithEndpoint(trx, id);
      if (!unlocked) return null;
      await lockEndpoint(trx, unlocked.endpoint_id);
      // Read again under the lock: another process may have settled it or its turn meanwhile.
      const found = await deliveryWithEndpoint(trx, id);
      // Deleted with its endpoint, or settled by an earlier run.
      if (!found || found.state === 'delivered' || found.state === 'skipped') return null;
      if (!found.enabled) {
        await setDelivery(trx, id, { state: 'skipped', last_error: 'The endpoint is disabled.' });
        await handOn(trx, found.endpoint_id);
        return null;
      }
      if (await hasEarlierUnsettled(trx, found.endpoint_id, found.seq)) {
        await setDelivery(trx, id, { state: 'waiting' });
        return null;
      }
      return found;
    });
  }

  queue.define<WebhookJobData>({
    name: WEBHOOK_JOB,
    // pg-boss makes a back-off's first delay at least a second; a delay of 0 (tests) retries at once.
    retry: {
      limit: deps.config.webhookRetry.limit,
      delaySeconds: deps.config.webhookRetry.delaySeconds,
      backoff: deps.config.webhookRetry.delaySeconds > 0,
    },
    // Longer than the fetcher's own deadline, which ends a stalled receiver first.
    expireInSeconds: 60,
    async run(data, job) {
      const delivery = await claim(data.delivery);
      if (!delivery) return;
      const at = deps.now();
      const headers = {
        'content-type': 'application/json',
        ...signedHeaders(signingSecrets(delivery, at), delivery.message_id, at, delivery.payload),
      };
      const outcome = await fetcher.post(delivery.url, delivery.payload, headers);
      const status = outcome.kind === 'ok' || outcome.kind === 'http_error' ? outcome.status : null;
      const error = outcome.kind === 'ok' ? null : webhookFailureText(outcome);
      await deps.db.transaction().execute(async (trx) => {
        await lockEndpoint(trx, delivery.endpoint_id);
        const settled = outcome.kind === 'ok' || job.lastTry;
        await setDelivery(trx, delivery.id, {
          attempted: true,
          state: outcome.kind === 'ok' ? 'delivered' : job.lastTry ? 'failed' : 'retrying',
          last_status: status,
          last_error: error,
          last_attempt_at: at,
          ...(outcome.kind === 'ok' ? { delivered_at: at } : {}),
        });
        if (settled) await handOn(trx, delivery.endpoint_id);
      });
      queue.wake(WEBHOOK_JOB);
      const context = { job: job.id, delivery: delivery.id, event: delivery.event, status };
      if (error !== null) throw new Error(error);
      log.info(context, 'webhook delivered');
    },
  });

  return {
    async queue(trx, events) {
      const now = deps.now();
      // Read once per event type: a batch registers many works in one transaction.
      const subscribers = new Map<WorkEvent['type'], Promise<string[]>>();
      const endpointsFor = (type: WorkEvent['type']) => {
        if (!subscribers.has(type)) subscribers.set(type, subscribedEndpoints(trx, type));
        return subscribers.get(type)!;
      };
      for (const event of events) {
        // A new work has no earlier deliveries; for any other event, a work that is no longer
        // public takes its details out of every delivery about it, sent or still to be tried.
        const payload =
          event.type === 'work.registered' ? null : await workPayload(trx, event.type, event.work, now, deps.config.siteUrl);
        if (GONE.has(event.type) || (payload && !('title' in payload.data))) await reduceWorkPayloads(trx, event.work.id);
        const endpoints = await endpointsFor(event.type);
        if (endpoints.length === 0) continue;
        const body = JSON.stringify(payload ?? (await workPayload(trx, event.type, event.work, now, deps.config.siteUrl)));
        const messageId = newMessageId();
        const ids = await insertDeliveries(
          trx,
          endpoints.map((endpoint_id) => ({
            endpoint_id,
            message_id: messageId,
            event: event.type,
            submission_id: event.work.id,
            payload: body,
            created_at: now,
          })),
        );
        for (const id of ids) await enqueue(trx, id);
      }
    },
    async requeue(trx, deliveryId) {
      await setDelivery(trx, deliveryId, { state: 'pending' });
      await enqueue(trx, deliveryId);
    },
    wake: () => queue.wake(WEBHOOK_JOB),
  };
}
