// GET /api/openapi.json: an OpenAPI 3.1 description generated from the same zod schemas that
// validate the requests, so the document cannot drift from what the server accepts.
import { z } from 'zod';
import { PUBLIC_API_FORMATS } from '../../core/constants';
import { removalRequestSchema, submissionBodySchema } from '../../core/schemas';
import { SITE_NAME } from '../../core/site';
import { artistQuerySchema, ledgerQuerySchema } from './ledger-query';
import { PUBLIC_API_VERSION, publicApiQuerySchema } from './public-api';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

/** JSON Schema of what a client sends (before defaults and transforms), without the $schema line. */
function inputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });
  return rest;
}

/** One OpenAPI query parameter per property of an object schema. */
function queryParameters(schema: z.ZodType): JsonSchema[] {
  const json = inputSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return { name, in: 'query', required: (json.required ?? []).includes(name), description, schema: propertySchema };
  });
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});
const jsonResponse = (description: string) => ({ description, content: { 'application/json': { schema: { type: 'object' } } } });
const rateLimited = errorResponse('Too many requests from this address; see Retry-After and RateLimit-* headers.');
const multipartFile = (description: string) => ({
  required: true,
  content: {
    'multipart/form-data': {
      schema: { type: 'object', properties: { file: { type: 'string', contentMediaType: 'application/octet-stream', description } }, required: ['file'] },
    },
  },
});
const idParameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'Submission UUID or registry id (VW-YYYY-NNNNNN).',
  schema: { type: 'string' },
};

const FORMAT_MEDIA_TYPES: Record<(typeof PUBLIC_API_FORMATS)[number], string> = {
  json: 'application/json',
  jsonl: 'application/x-ndjson',
  csv: 'text/csv',
  xml: 'application/xml',
  rss: 'application/rss+xml',
};

function publicLedgerOperation(summary: string): Operation {
  return {
    tags: ['Public read API'],
    summary,
    description:
      'Public, non-deleted works, newest first. Page with offset, or through the whole ledger with cursor (next_cursor of the previous answer). ' +
      'Open to any origin (CORS), rate limited per IP, cacheable for 5 minutes (ETag / If-None-Match).',
    parameters: queryParameters(publicApiQuerySchema),
    responses: {
      200: {
        description: 'The works in the requested format.',
        content: Object.fromEntries(PUBLIC_API_FORMATS.map((f) => [FORMAT_MEDIA_TYPES[f], { schema: {} }])),
      },
      304: { description: 'Not modified: the If-None-Match ETag is current.' },
      400: errorResponse("A parameter is invalid; error.code is 'invalid_parameter' and the message names it."),
      429: rateLimited,
    },
  };
}

/** Transparency-log endpoints (DESIGN.md "HTTP contract"), documented there in detail. */
const LOG_ENDPOINTS: Record<string, string> = {
  '/api/log/checkpoint': 'The latest signed checkpoint (C2SP signed note, text/plain).',
  '/api/log/key': 'The verifier key of the checkpoint signatures (C2SP vkey).',
  '/api/log/proof/inclusion': "Inclusion proof of a work's leaf: ?id=… or ?leaf_index=…&tree_size=….",
  '/api/log/proof/consistency': 'Consistency proof between two tree sizes: ?first=…&second=….',
  '/api/log/entries': 'Leaves of the log: ?start=…&end=….',
};

export function buildOpenApiDocument(input: { siteUrl: string }): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {
    '/api/v1/ledger': { get: publicLedgerOperation('The public ledger as a dataset') },
    '/functions/v1/public-ledger-api': { get: publicLedgerOperation('The same API at the path of the original product') },
    '/api/v1/ledger/dump.jsonl.gz': {
      get: {
        tags: ['Public read API'],
        summary: 'Every public work as gzip-compressed JSON Lines (public prompts included)',
        responses: { 200: { description: 'The dump.', content: { 'application/gzip': { schema: {} } } }, 429: rateLimited },
      },
    },
    '/api/v1/croissant.json': {
      get: {
        tags: ['Public read API'],
        summary: 'Croissant 1.0 (MLCommons) description of the dataset',
        responses: { 200: { description: 'JSON-LD.', content: { 'application/ld+json': { schema: { type: 'object' } } } }, 429: rateLimited },
      },
    },
    '/api/ledger': {
      get: {
        tags: ['App'],
        summary: 'One page (12) of the ledger, searched and filtered over the whole ledger',
        parameters: queryParameters(ledgerQuerySchema),
        responses: { 200: jsonResponse('LedgerResponse'), 400: errorResponse('A parameter is invalid.') },
      },
    },
    '/api/featured': {
      get: { tags: ['App'], summary: 'Up to 5 random works scoring 62 or more', responses: { 200: jsonResponse('FeaturedResponse') } },
    },
    '/api/artists/{name}': {
      get: {
        tags: ['App'],
        summary: "One page (12) of an artist's public works, newest first",
        parameters: [
          { name: 'name', in: 'path', required: true, description: 'Artist name, exact.', schema: { type: 'string' } },
          ...queryParameters(artistQuerySchema),
        ],
        responses: { 200: jsonResponse('ArtistResponse'), 400: errorResponse('A parameter is invalid.') },
      },
    },
    '/api/events': {
      get: {
        tags: ['App'],
        summary: "Server-sent events: 'work-registered' with { id, trust_meter } for each new public work",
        responses: {
          200: { description: 'An event stream.', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          429: errorResponse('This address already holds its share of open streams (SSE_MAX_PER_IP); see Retry-After.'),
          503: errorResponse('The server holds as many open streams as it can; see Retry-After.'),
        },
      },
    },
    '/api/uploads': {
      post: {
        tags: ['Registration'],
        summary: 'Upload an image (JPG, PNG or WebP, at most 10 MB); the server computes its hash and facts',
        requestBody: multipartFile('The image file.'),
        responses: {
          201: jsonResponse('UploadResponse'),
          400: errorResponse('Not an accepted image.'),
          413: errorResponse('The image is larger than 10 MB.'),
          429: rateLimited,
        },
      },
    },
    '/api/submissions': {
      post: {
        tags: ['Registration'],
        summary: 'Register a work for an uploaded image; the server computes the trust score',
        requestBody: { required: true, content: { 'application/json': { schema: inputSchema(submissionBodySchema) } } },
        responses: { 201: jsonResponse('SubmissionCreated'), 400: errorResponse('The form is not valid.'), 429: rateLimited },
      },
    },
    '/api/submissions/{id}': {
      get: {
        tags: ['Registration'],
        summary: 'The public record of one work',
        parameters: [idParameter],
        responses: { 200: jsonResponse('PublicWork'), 404: errorResponse('No public work with this id.') },
      },
    },
    '/api/lookup': {
      post: {
        tags: ['Registration'],
        summary: 'Registered works with the same image (SHA-256) or a near-duplicate',
        requestBody: multipartFile('The image to look up.'),
        responses: { 200: jsonResponse('LookupResponse'), 400: errorResponse('Not an accepted image.') },
      },
    },
    '/api/removal-requests': {
      post: {
        tags: ['Removal'],
        summary: 'Ask for a work to be removed',
        requestBody: { required: true, content: { 'application/json': { schema: inputSchema(removalRequestSchema) } } },
        responses: { 201: jsonResponse('RemovalRequestCreated'), 400: errorResponse('The form is not valid.'), 429: rateLimited },
      },
    },
    ...Object.fromEntries(
      Object.entries(LOG_ENDPOINTS).map(([path, summary]) => [path, { get: { tags: ['Transparency log'], summary, responses: { 200: { description: summary } } } }]),
    ),
  };

  return {
    openapi: '3.1.0',
    info: {
      title: `${SITE_NAME} API`,
      version: PUBLIC_API_VERSION,
      description: `The ${SITE_NAME} registry of AI-generated artwork: the public read API and the app's JSON API.`,
    },
    servers: [{ url: input.siteUrl }],
    paths,
    components: {
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: {
                code: { type: 'string' },
                message: { type: 'string' },
                title: { type: 'string' },
                fields: { type: 'object', additionalProperties: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  };
}
