// Webhook endpoints as admins manage them (decision 0069): add (the address passes the guarded
// fetcher's checks, the secret is made here and shown once), enable or disable, choose events,
// rotate the secret, delete; and the delivery log with its retry. Every change writes its audit
// entry in its own transaction; no audit entry holds a secret.
import { appError, badRequest, notFound } from '../../core/app-error';
import { API_ERRORS } from '../../core/api-error-texts';
import type { WebhookEndpoint, WebhookDelivery } from '../../core/api/admin-webhooks';
import { MESSAGES } from '../../core/messages';
import { WEBHOOK_LIMITS, webhookAddressRefusal, type WebhookEvent } from '../../core/webhooks';
import { writeAudit, type AuditActor, type AuditInput } from '../audit/write-audit';
import type { AppDeps } from '../deps';
import type { AddressCheck } from '../fetcher/fetcher';
import type { WebhookDeliveries } from './delivery-job';
import { newWebhookSecret } from './signing';
import {
  countEndpoints,
  deleteEndpoint,
  deliveryCounts,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  lockEndpoints,
  updateEndpoint,
  type DeliveryCounts,
  type DeliveryRow,
  type EndpointRow,
} from './webhooks-repository';

export interface EndpointContext {
  admin: AuditActor;
  meta: { ip: string | null; user_agent: string | null };
}

type Deps = Pick<AppDeps, 'db' | 'now'>;
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function toEndpoint(row: EndpointRow, counts: DeliveryCounts = { delivered: 0, failed: 0, pending: 0 }): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    created_at: new Date(row.created_at).toISOString(),
    created_by: row.created_by,
    secret_rotated_at: new Date(row.secret_rotated_at).toISOString(),
    deliveries: counts,
  };
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    message_id: row.message_id,
    event: row.event as WebhookEvent,
    state: row.state,
    attempts: row.attempts,
    last_status: row.last_status,
    last_error: row.last_error,
    created_at: new Date(row.created_at).toISOString(),
    last_attempt_at: iso(row.last_attempt_at),
    delivered_at: iso(row.delivered_at),
  };
}

/** What the audit log keeps of an endpoint: never its secret. */
function audited(row: EndpointRow) {
  return { url: row.url, events: row.events, enabled: row.enabled, description: row.description };
}

function audit(
  row: EndpointRow,
  ctx: EndpointContext,
  at: Date,
  entry: Pick<AuditInput, 'action_type' | 'reason' | 'old_values' | 'new_values'>,
) {
  return {
    table_name: 'webhook_endpoints',
    record_id: row.id,
    admin: ctx.admin,
    ip: ctx.meta.ip,
    user_agent: ctx.meta.user_agent,
    at,
    ...entry,
  };
}

const endpointNotFound = () => notFound(MESSAGES.webhookEndpointNotFound.description);

/** The address must pass the guarded fetcher's checks now; each delivery checks it again. */
function refuseAddress(check: AddressCheck): void {
  if (check.ok) return;
  const { failure } = check;
  const refusal =
    failure.kind === 'blocked_address'
      ? webhookAddressRefusal({ kind: 'blocked_address', address: failure.address, range: failure.range })
      : failure.kind === 'unreachable'
        ? webhookAddressRefusal({ kind: 'unreachable' })
        : MESSAGES.webhookUrlInvalid;
  throw appError('validation_failed', refusal.description, { title: refusal.title, fields: { url: refusal.description } });
}

export async function listWebhookEndpoints(deps: Deps): Promise<WebhookEndpoint[]> {
  const [rows, counts] = await Promise.all([listEndpoints(deps.db), deliveryCounts(deps.db)]);
  return rows.map((row) => toEndpoint(row, counts.get(row.id)));
}

export async function createWebhookEndpoint(
  deps: Deps,
  checkAddress: (url: string) => Promise<AddressCheck>,
  body: { url: string; events: WebhookEvent[]; description?: string },
  ctx: EndpointContext,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  refuseAddress(await checkAddress(body.url));
  const secret = newWebhookSecret();
  const now = deps.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    // Counted under a lock on the table, so two admins adding at once cannot pass the limit.
    await lockEndpoints(trx);
    if ((await countEndpoints(trx)) >= WEBHOOK_LIMITS.maxEndpoints) {
      throw appError('conflict', MESSAGES.webhookTooMany.description, { title: MESSAGES.webhookTooMany.title });
    }
    const created = await insertEndpoint(trx, {
      url: body.url,
      description: body.description ?? '',
      events: body.events,
      secret,
      created_by: ctx.admin.email,
      created_at: now,
      secret_rotated_at: now,
    });
    await writeAudit(
      trx,
      audit(created, ctx, now, { action_type: 'CREATE', reason: 'webhook endpoint added', new_values: audited(created) }),
    );
    return created;
  });
  return { endpoint: toEndpoint(row), secret };
}

export async function updateWebhookEndpoint(
  deps: Deps,
  id: string,
  change: { enabled?: boolean; events?: WebhookEvent[] },
  ctx: EndpointContext,
): Promise<WebhookEndpoint> {
  if (change.enabled === undefined && change.events === undefined) {
    throw badRequest(API_ERRORS.webhookChangeEmpty);
  }
  const now = deps.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const before = await findEndpoint(trx, id, true);
    if (!before) throw endpointNotFound();
    const after = await updateEndpoint(trx, id, change);
    await writeAudit(
      trx,
      audit(after, ctx, now, {
        action_type: 'UPDATE',
        reason: 'webhook endpoint changed',
        old_values: audited(before),
        new_values: audited(after),
      }),
    );
    return after;
  });
  return toEndpoint(row, (await deliveryCounts(deps.db)).get(id));
}

export async function rotateWebhookSecret(
  deps: Deps,
  id: string,
  ctx: EndpointContext,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const secret = newWebhookSecret();
  const now = deps.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const before = await findEndpoint(trx, id, true);
    if (!before) throw endpointNotFound();
    const after = await updateEndpoint(trx, id, {
      secret,
      // Receivers switch when they can: for a day, deliveries carry a signature with each secret.
      previous_secret: before.secret,
      previous_secret_until: new Date(now.getTime() + WEBHOOK_LIMITS.previousSecretHours * 3600_000),
      secret_rotated_at: now,
    });
    await writeAudit(
      trx,
      audit(after, ctx, now, {
        action_type: 'UPDATE',
        reason: 'webhook secret rotated',
        old_values: { secret_rotated_at: before.secret_rotated_at },
        new_values: { secret_rotated_at: now },
      }),
    );
    return after;
  });
  return { endpoint: toEndpoint(row, (await deliveryCounts(deps.db)).get(id)), secret };
}

export async function deleteWebhookEndpoint(deps: Deps, id: string, ctx: EndpointContext): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await findEndpoint(trx, id, true);
    if (!before) throw endpointNotFound();
    // Its deliveries go with it; a job still queued for one finds nothing and ends.
    await deleteEndpoint(trx, id);
    await writeAudit(
      trx,
      audit(before, ctx, now, { action_type: 'DELETE', reason: 'webhook endpoint deleted', old_values: audited(before) }),
    );
  });
}

export async function webhookDeliveries(
  deps: Deps,
  id: string,
): Promise<{ endpoint: WebhookEndpoint; deliveries: WebhookDelivery[] }> {
  const row = await findEndpoint(deps.db, id);
  if (!row) throw endpointNotFound();
  const [rows, counts] = await Promise.all([listDeliveries(deps.db, id, WEBHOOK_LIMITS.deliveriesShown), deliveryCounts(deps.db)]);
  return { endpoint: toEndpoint(row, counts.get(id)), deliveries: rows.map(toDelivery) };
}

/** An admin's retry of a failed delivery: queued again, with a new round of tries. */
export async function retryWebhookDelivery(
  deps: Deps,
  deliveries: Pick<WebhookDeliveries, 'requeue' | 'wake'>,
  endpointId: string,
  deliveryId: string,
  ctx: EndpointContext,
): Promise<WebhookDelivery> {
  const now = deps.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const endpoint = await findEndpoint(trx, endpointId, true);
    const delivery = endpoint && (await findDelivery(trx, endpointId, deliveryId));
    if (!endpoint || !delivery || (delivery.state !== 'failed' && delivery.state !== 'skipped')) {
      throw notFound(MESSAGES.webhookDeliveryNotFound.description);
    }
    await deliveries.requeue(trx, deliveryId);
    await writeAudit(trx, {
      table_name: 'webhook_deliveries',
      record_id: deliveryId,
      action_type: 'UPDATE',
      admin: ctx.admin,
      reason: `retry of a failed '${delivery.event}' delivery`,
      old_values: { state: delivery.state },
      new_values: { state: 'pending' },
      ip: ctx.meta.ip,
      user_agent: ctx.meta.user_agent,
      at: now,
    });
    return { ...delivery, state: 'pending' as const };
  });
  deliveries.wake();
  return toDelivery(row);
}
