// Route schemas of the C2PA Soft Binding Resolution API (/api/c2pa/v1): the paths, parameters
// and JSON shapes of the C2PA specification's OpenAPI document (c2pa.softBindingAlgList,
// c2pa.softBindingQueryResult), with our error bodies for refusals; manifest stores are served as
// application/c2pa.
import { z } from 'zod';
import { binaryResponse, errorResponses, jsonResponse, notModifiedResponse } from '../http/api-schemas';
import { C2PA_MANIFEST_STORE_MIME } from '../image/c2pa';
import { IMAGE_FILE_ERROR_CODES } from '../image/errors';
import { MAX_C2PA_MANIFEST_STORE_BYTES } from '../image/limits';
import { C2PA_ALG_PHASH, C2PA_ALG_SHA256, C2PA_DEFAULT_MAX_RESULTS, C2PA_MAX_RESULTS } from './c2pa-soft-binding';

const C2PA = ['C2PA'];

const algListSchema = z
  .object({
    watermarks: z.array(z.object({ alg: z.string() })).describe('None: the registry adds no watermark.'),
    fingerprints: z.array(z.object({ alg: z.string() })),
  })
  .meta({ id: 'C2paSoftBindingAlgList', description: 'The soft binding algorithms this service answers queries for.' });

const queryResultSchema = z
  .object({
    matches: z.array(
      z.object({
        manifestId: z.string().describe('The registry ID of a matching public work; GET /api/c2pa/v1/manifests/{manifestId}.'),
        similarityScore: z
          .number()
          .int()
          .min(0)
          .max(100)
          .describe('100 for the same file or the same perceptual hash; lower as the perceptual hashes differ.'),
      }),
    ),
  })
  .meta({ id: 'C2paSoftBindingQueryResult', description: 'Matching manifest identifiers, strongest match first.' });

const ALGORITHMS_NOTE =
  `'${C2PA_ALG_SHA256}': SHA-256 of the file (32 bytes); '${C2PA_ALG_PHASH}': the registry's 64-bit DCT ` +
  'perceptual hash (8 bytes, big-endian), matched within 10 bits. Neither is on the C2PA soft binding algorithm list, hence the vendor prefix.';

const maxResults = z
  .string()
  .max(20)
  .regex(/^0*[1-9][0-9]*$/)
  .optional()
  .describe(
    `The most identifiers to return, from 1 (default ${C2PA_DEFAULT_MAX_RESULTS}; more than ${C2PA_MAX_RESULTS} gives ${C2PA_MAX_RESULTS}).`,
  );

const PUBLIC_ONLY =
  'Only public works are matched. Rate limited per address (the public API’s hourly budget). Readable from any origin.';

export const supportedAlgorithmsSchema = {
  tags: C2PA,
  summary: 'The soft binding algorithms this service supports',
  description: ALGORITHMS_NOTE,
  response: { 200: jsonResponse(algListSchema, 'The supported algorithms.'), ...errorResponses('rate_limited', 'unavailable') },
};

export const byBindingSchema = {
  tags: C2PA,
  summary: 'Manifest identifiers matching a soft binding value',
  description: `${ALGORITHMS_NOTE} ${PUBLIC_ONLY}`,
  querystring: z.object({
    alg: z.string().describe('One of the algorithms of /services/supportedAlgorithms.'),
    value: z.string().max(200).describe('The binding value, base64.'),
    maxResults,
  }),
  response: {
    200: jsonResponse(queryResultSchema, 'The matches; an empty list when none.'),
    ...errorResponses('invalid_parameter', 'rate_limited', 'unavailable'),
  },
};

export const byContentSchema = {
  tags: C2PA,
  summary: 'Manifest identifiers matching an image sent as the request body',
  description:
    'Send the image itself as the body with its media type (image/png, image/jpeg, image/webp); it gets the upload’s checks ' +
    'and size cap, is fingerprinted with both algorithms (or only `alg` when given) and is then dropped: nothing is stored. ' +
    'With the perceptual hash it is also matched by views of the picture (crop windows, centres, turned centres) kept at ' +
    'registration, which find copies cropped by about 5 %, turned by a few degrees or framed like a screenshot. ' +
    'Only public works are matched. Rate limited per address and day with POST /api/lookup.',
  querystring: z.object({
    alg: z.string().optional().describe('Match with this algorithm only; both by default.'),
    maxResults,
  }),
  response: {
    200: jsonResponse(queryResultSchema, 'The matches; an empty list when none.'),
    ...errorResponses(
      ...IMAGE_FILE_ERROR_CODES,
      'invalid_parameter',
      'body_too_large',
      'unsupported_media_type',
      'rate_limited',
      'unavailable',
    ),
  },
};

export const manifestSchema = {
  tags: C2PA,
  summary: 'The C2PA manifest store a matched work’s original carried',
  description:
    'The raw manifest store (JUMBF, application/c2pa) embedded in the file the artist registered, byte for byte, ' +
    `kept at registration when c2pa-rs could read it (at most ${MAX_C2PA_MANIFEST_STORE_BYTES / 1024 / 1024} MB). Its` +
    '  signature is the signer’s, not vouched ' +
    'for by the registry: validate it as for any C2PA file. A public work whose original carried no store, and ' +
    'works that are not public, answer 404. Strong ETag (the SHA-256 of the bytes) and If-None-Match. ' +
    'Readable from any origin.',
  params: z.object({ manifestId: z.string().describe('A manifestId from a match: the registry ID of a public work.') }),
  querystring: z.object({
    returnActiveManifest: z.string().optional().describe('Accepted as in the specification; the whole store is returned either way.'),
  }),
  response: {
    200: binaryResponse('The manifest store exactly as the original carried it.', C2PA_MANIFEST_STORE_MIME),
    ...notModifiedResponse,
    ...errorResponses('not_found', 'forbidden_characters', 'rate_limited', 'unavailable'),
  },
};
