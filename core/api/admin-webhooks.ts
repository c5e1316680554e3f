// Shapes of the admin webhook API (/api/admin/webhooks, issue 39, decision 0069): an endpoint as
// admins see it (never its secret, which is shown once, when it is made or rotated), its delivery
// log, and the request bodies. Admin-only.
import { z } from 'zod';
import { err } from '../schemas';
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENTS, WEBHOOK_LIMITS } from '../webhooks';

const isoDate = (description: string) => z.string().describe(`${description}, ISO 8601 UTC.`);

/** http or https, a host, no user name or password: what the guarded fetcher can send to. */
export function isWebhookUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
}

const eventList = z
  .array(z.enum(WEBHOOK_EVENTS, err('webhookEventUnknown')), err('webhookEventsRequired'))
  .min(1, err('webhookEventsRequired'))
  .max(WEBHOOK_EVENTS.length * 2, err('webhookEventUnknown'))
  .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e)))
  .describe('The events sent to the endpoint (repeats are ignored).');

export const webhookCreateBodySchema = z.object({
  url: z
    .string(err('webhookUrlRequired'))
    .trim()
    .min(1, err('webhookUrlRequired'))
    .max(WEBHOOK_LIMITS.urlLength, err('webhookUrlInvalid'))
    .refine(isWebhookUrl, err('webhookUrlInvalid'))
    .describe('Where events are POSTed: a public http or https address.'),
  events: eventList,
  description: z
    .string()
    .trim()
    .max(WEBHOOK_LIMITS.descriptionLength, err('webhookDescriptionTooLong'))
    .optional()
    .describe('A note for admins: who receives it.'),
});
export type WebhookCreateBody = z.infer<typeof webhookCreateBodySchema>;

export const webhookUpdateBodySchema = z.object({
  enabled: z.boolean().optional().describe('False stops new events for the endpoint; true starts them again.'),
  events: eventList.optional(),
});
export type WebhookUpdateBody = z.infer<typeof webhookUpdateBodySchema>;

export const webhookEndpointSchema = z
  .object({
    id: z.guid(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    enabled: z.boolean(),
    created_at: isoDate('When it was added'),
    created_by: z.string().describe('The admin who added it.'),
    secret_rotated_at: isoDate('When its secret was last made or rotated'),
    deliveries: z
      .object({
        delivered: z.number().int(),
        failed: z.number().int(),
        pending: z.number().int().describe('Queued, waiting or being retried.'),
      })
      .describe('Its deliveries by outcome.'),
  })
  .meta({ id: 'AdminWebhookEndpoint', description: 'A webhook endpoint, without its secret.' });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookListResponseSchema = z
  .object({
    endpoints: z.array(webhookEndpointSchema).describe('Oldest first.'),
    max_endpoints: z.number().int(),
  })
  .meta({ id: 'AdminWebhookEndpoints' });
export type WebhookList = z.infer<typeof webhookListResponseSchema>;

export const webhookWithSecretSchema = z
  .object({
    endpoint: webhookEndpointSchema,
    secret: z.string().describe('whsec_ and the base64 of the key: shown this once, never again.'),
  })
  .meta({ id: 'AdminWebhookWithSecret' });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookDeliverySchema = z
  .object({
    id: z.guid(),
    message_id: z.string().describe('The webhook-id header: the same on every try.'),
    event: z.enum(WEBHOOK_EVENTS),
    state: z.enum(WEBHOOK_DELIVERY_STATES),
    attempts: z.number().int().describe('Tries made so far.'),
    last_status: z.number().int().nullable().describe("The receiver's HTTP status at the last try."),
    last_error: z.string().nullable().describe('Why the last try failed.'),
    created_at: isoDate('When the event happened'),
    last_attempt_at: isoDate('When it was last tried').nullable(),
    delivered_at: isoDate('When the receiver accepted it').nullable(),
  })
  .meta({ id: 'AdminWebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesResponseSchema = z
  .object({ endpoint: webhookEndpointSchema, deliveries: z.array(webhookDeliverySchema).describe('Newest first, at most 50.') })
  .meta({ id: 'AdminWebhookDeliveries' });
export type WebhookDeliveries = z.infer<typeof webhookDeliveriesResponseSchema>;

export const webhookDeletedResponseSchema = z.object({ id: z.guid(), deleted: z.literal(true) }).meta({ id: 'AdminWebhookDeleted' });
