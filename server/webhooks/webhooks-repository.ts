// SQL of the webhooks layer (migration 032, decision 0069): endpoints and their deliveries.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, WebhookDeliveriesTable, WebhookEndpointsTable } from '../db/types';

type Db = Kysely<DB> | Transaction<DB>;
export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type DeliveryState = DeliveryRow['state'];

export interface DeliveryCounts {
  delivered: number;
  failed: number;
  pending: number;
}

/** Locks the endpoints table's rows: an add counts them under it, so two admins cannot pass the limit. */
export async function lockEndpoints(trx: Db): Promise<void> {
  await trx.selectFrom('webhook_endpoints').select('id').forUpdate().execute();
}

/** One endpoint's lock: its deliveries take their turns under it. */
export async function lockEndpoint(trx: Db, id: string): Promise<void> {
  await trx.selectFrom('webhook_endpoints').select('id').where('id', '=', id).forUpdate().execute();
}

/** The public fields a payload carries, from the public view only; undefined when the work is not public. */
export async function readPublicWork(db: Db, id: string) {
  return db
    .selectFrom('public_submissions')
    .select(['id', 'registry_id', 'title', 'artist_name', 'trust_meter', 'allow_ai_training', 'created_at', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countEndpoints(db: Db): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertEndpoint(
  trx: Db,
  values: Pick<EndpointRow, 'url' | 'description' | 'events' | 'secret' | 'created_by' | 'created_at' | 'secret_rotated_at'>,
): Promise<EndpointRow> {
  return trx.insertInto('webhook_endpoints').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function listEndpoints(db: Db): Promise<EndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
}

export async function findEndpoint(db: Db, id: string, forUpdate = false): Promise<EndpointRow | undefined> {
  const query = db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export async function updateEndpoint(
  trx: Db,
  id: string,
  set: Partial<Pick<EndpointRow, 'enabled' | 'events' | 'secret' | 'previous_secret' | 'previous_secret_until' | 'secret_rotated_at'>>,
): Promise<EndpointRow> {
  return trx.updateTable('webhook_endpoints').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteEndpoint(trx: Db, id: string): Promise<void> {
  await trx.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

/** Deliveries of each endpoint by outcome, for the list. */
export async function deliveryCounts(db: Db): Promise<Map<string, DeliveryCounts>> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(['endpoint_id', 'state', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['endpoint_id', 'state'])
    .execute();
  const counts = new Map<string, DeliveryCounts>();
  for (const row of rows) {
    const c = counts.get(row.endpoint_id) ?? { delivered: 0, failed: 0, pending: 0 };
    if (row.state === 'delivered') c.delivered += Number(row.n);
    else if (row.state === 'failed') c.failed += Number(row.n);
    else if (row.state !== 'skipped') c.pending += Number(row.n);
    counts.set(row.endpoint_id, c);
  }
  return counts;
}

/** Enabled endpoints that asked for `event`, in the order they were added. */
export async function subscribedEndpoints(trx: Db, event: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('enabled', '=', true)
    .where(sql<boolean>`${event} = ANY(events)`)
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map((r) => r.id);
}

export async function insertDeliveries(
  trx: Db,
  rows: Pick<DeliveryRow, 'endpoint_id' | 'message_id' | 'event' | 'submission_id' | 'payload' | 'created_at'>[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await trx.insertInto('webhook_deliveries').values(rows).returning('id').execute();
  return inserted.map((r) => r.id);
}

/**
 * Cuts every stored payload about a work down to its ids (a removal, a withdrawal, a purge): a
 * delivery still to be tried then names the work without its details, and the log keeps no more.
 */
export async function reduceWorkPayloads(trx: Db, submissionId: string): Promise<void> {
  await sql`
    UPDATE webhook_deliveries
    SET payload = jsonb_set(payload::jsonb, '{data}',
          jsonb_build_object('id', payload::jsonb->'data'->'id', 'registry_id', payload::jsonb->'data'->'registry_id'))::text
    WHERE submission_id = ${submissionId}::uuid`.execute(trx);
}

export interface DeliveryWithEndpoint extends DeliveryRow {
  url: string;
  enabled: boolean;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | null;
}

export async function deliveryWithEndpoint(db: Db, id: string): Promise<DeliveryWithEndpoint | undefined> {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .selectAll('d')
    .select(['e.url', 'e.enabled', 'e.secret', 'e.previous_secret', 'e.previous_secret_until'])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** An earlier delivery of the endpoint not yet settled: a later one waits behind it. */
export async function hasEarlierUnsettled(trx: Db, endpointId: string, seq: string): Promise<boolean> {
  const row = await trx
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('endpoint_id', '=', endpointId)
    .where('seq', '<', seq)
    .where('state', 'in', ['pending', 'waiting', 'retrying'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The oldest delivery of the endpoint that waits for an earlier one. */
export async function oldestWaiting(trx: Db, endpointId: string): Promise<string | undefined> {
  const row = await trx
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('endpoint_id', '=', endpointId)
    .where('state', '=', 'waiting')
    .orderBy('seq', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

export async function setDelivery(
  trx: Db,
  id: string,
  set: Partial<Pick<DeliveryRow, 'state' | 'last_status' | 'last_error' | 'last_attempt_at' | 'delivered_at'>> & {
    attempted?: boolean;
  },
): Promise<void> {
  const { attempted, ...fields } = set;
  await trx
    .updateTable('webhook_deliveries')
    .set((eb) => ({ ...fields, ...(attempted ? { attempts: eb('attempts', '+', 1) } : {}) }))
    .where('id', '=', id)
    .execute();
}

export async function listDeliveries(db: Db, endpointId: string, limit: number): Promise<DeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
}

export async function findDelivery(trx: Db, endpointId: string, id: string): Promise<DeliveryRow | undefined> {
  return trx
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}
