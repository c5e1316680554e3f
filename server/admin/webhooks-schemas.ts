// Route schemas of the admin webhook API (issue 39, decision 0069). Bodies and answers are the
// shapes of core/api/admin-webhooks.ts, shared with the admin page.
import { z } from 'zod';
import {
  webhookCreateBodySchema,
  webhookDeletedResponseSchema,
  webhookDeliveriesResponseSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookListResponseSchema,
  webhookUpdateBodySchema,
  webhookWithSecretSchema,
} from '../../core/api/admin-webhooks';
import { ADMIN_GET_ERRORS, ADMIN_POST_ERRORS } from '../http/admin-scope-errors';
import { errorResponses, jsonResponse } from '../http/api-schemas';

const tags = ['Admin', 'Webhooks'];
const endpointParams = z.object({ id: z.string().describe("The endpoint's id (a UUID).") });
/** Refusals of a POST of this family: its own budget too. */
const POST_ERRORS = ['rate_limited', ...ADMIN_POST_ERRORS] as const;

export const webhookListSchema = {
  tags,
  summary: 'Webhook endpoints',
  description: 'Every endpoint, oldest first, with its deliveries by outcome. Secrets are never shown again.',
  response: { 200: jsonResponse(webhookListResponseSchema, 'The endpoints.'), ...errorResponses(...ADMIN_GET_ERRORS) },
};

export const webhookCreateSchema = {
  tags,
  summary: 'Add a webhook endpoint',
  description:
    'The address must lead to a public network (it is checked now and at every delivery). The answer holds the ' +
    'signing secret, shown this once. Recorded in the audit log.',
  body: webhookCreateBodySchema,
  response: {
    200: jsonResponse(webhookWithSecretSchema, 'The endpoint and its secret.'),
    ...errorResponses('validation_failed', 'conflict', ...POST_ERRORS),
  },
};

export const webhookUpdateSchema = {
  tags,
  summary: 'Enable, disable or change the events of an endpoint',
  description: 'A disabled endpoint gets no new events; those already queued for it are not sent. Recorded in the audit log.',
  params: endpointParams,
  body: webhookUpdateBodySchema,
  response: {
    200: jsonResponse(webhookEndpointSchema, 'The endpoint as changed.'),
    ...errorResponses('validation_failed', 'not_found', ...POST_ERRORS),
  },
};

export const webhookRotateSchema = {
  tags,
  summary: "Rotate an endpoint's secret",
  description:
    'Makes a new secret, shown this once. For 24 hours deliveries are signed with both the new and the old secret. Takes no body.',
  params: endpointParams,
  response: {
    200: jsonResponse(webhookWithSecretSchema, 'The endpoint and its new secret.'),
    ...errorResponses('not_found', ...POST_ERRORS),
  },
};

export const webhookDeleteSchema = {
  tags,
  summary: 'Delete an endpoint',
  description: 'No more events are sent to it, and its delivery log is deleted. Takes no body.',
  params: endpointParams,
  response: {
    200: jsonResponse(webhookDeletedResponseSchema, 'The endpoint is gone.'),
    ...errorResponses('not_found', ...POST_ERRORS),
  },
};

export const webhookDeliveriesSchema = {
  tags,
  summary: "An endpoint's delivery log",
  description: 'Its newest 50 deliveries: state, tries, the last status and error. Payloads are not shown.',
  params: endpointParams,
  response: {
    200: jsonResponse(webhookDeliveriesResponseSchema, 'The endpoint and its deliveries.'),
    ...errorResponses('not_found', ...ADMIN_GET_ERRORS),
  },
};

export const webhookRetrySchema = {
  tags,
  summary: 'Retry a failed delivery',
  description: 'Queues a failed delivery again, with a new round of tries; recorded in the audit log. Takes no body.',
  params: z.object({
    id: z.string().describe("The endpoint's id (a UUID)."),
    delivery: z.string().describe("The delivery's id (a UUID)."),
  }),
  response: {
    200: jsonResponse(webhookDeliverySchema, 'The delivery, queued again.'),
    ...errorResponses('not_found', ...POST_ERRORS),
  },
};
