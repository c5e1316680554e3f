// Route schemas of the ledger feature: the app's read endpoints and the public read API with its
// bulk dump and Croissant description. The query schemas are the ones that validate requests
// (ledger-query.ts, public-api/params.ts); the answer schemas are core's (core/api/ledger.ts)
// and the public API's record and metadata.
import { z } from 'zod';
import { artistResponseSchema, featuredResponseSchema, ledgerResponseSchema } from '../../core/api/ledger';
import { FEATURED_COUNT, PAGE_SIZES, PUBLIC_API, PUBLIC_API_FORMATS } from '../../core/constants';
import { binaryResponse, errorResponses, jsonResponse, notModifiedResponse } from '../http/api-schemas';
import { artistQuerySchema, ledgerQuerySchema } from './ledger-query';
import { FORMATS, publicApiMetadataSchema, publicApiQuerySchema, publicApiRecordSchema } from './public-api';

// ---- The app's read endpoints -------------------------------------------------------------

export const appLedgerSchema = {
  tags: ['App'],
  summary: `One page (${PAGE_SIZES.ledger}) of the ledger, searched and filtered over the whole ledger`,
  description:
    'Public works only. An empty value counts as absent; a parameter given twice is refused. The filter options (tool_options, platform_options, tag_options) and total_verified ignore the search and filters.',
  querystring: ledgerQuerySchema,
  response: {
    200: jsonResponse(ledgerResponseSchema, 'One page of works, with the header figures and filter options.'),
    ...errorResponses('invalid_parameter', 'forbidden_characters', 'invalid_value', 'rate_limited', 'unavailable'),
  },
};

export const featuredSchema = {
  tags: ['App'],
  summary: `Up to ${FEATURED_COUNT} random works scoring 62 or more`,
  description: 'A new pick on every request (Cache-Control: no-store), from the newest eligible works.',
  response: {
    200: jsonResponse(featuredResponseSchema, 'The featured works.'),
    ...errorResponses('rate_limited', 'unavailable'),
  },
};

export const artistSchema = {
  tags: ['App'],
  summary: `One page (${PAGE_SIZES.artist}) of an artist's public works, newest first`,
  description: 'An artist without public works answers an empty page (total 0), not 404.',
  params: z.object({ name: z.string().describe('Artist name, exact (percent-encoded in the path).') }),
  querystring: artistQuerySchema,
  response: {
    200: jsonResponse(artistResponseSchema, "The artist's works and profile links."),
    ...errorResponses('invalid_parameter', 'forbidden_characters', 'invalid_value', 'address_too_long', 'rate_limited', 'unavailable'),
  },
};

// ---- The public read API ------------------------------------------------------------------

const OPEN_AND_LIMITED = `Open to any origin (CORS), rate limited per address (${PUBLIC_API.rateLimitPerHour} an hour by default; RateLimit-* headers).`;
const CACHING = `${OPEN_AND_LIMITED} Cacheable for ${PUBLIC_API.cacheSeconds / 60} minutes (ETag / If-None-Match answers 304).`;

/** The JSON format: metadata and one page of records. */
export const publicLedgerJsonSchema = z
  .object({ metadata: publicApiMetadataSchema, data: z.array(publicApiRecordSchema) })
  .meta({ id: 'PublicLedgerResponse', description: 'The JSON format of the public read API.' });

/** Media type of each format without its parameters (charset, header=present). */
const mediaTypeOf = (format: (typeof PUBLIC_API_FORMATS)[number]) => FORMATS[format].contentType.split(';')[0];

export function publicLedgerSchema(summary: string) {
  const content: Record<string, { schema: z.ZodType }> = { [mediaTypeOf('json')]: { schema: publicLedgerJsonSchema } };
  for (const format of PUBLIC_API_FORMATS) content[mediaTypeOf(format)] ??= { schema: z.string() };
  return {
    tags: ['Public read API'],
    summary,
    description:
      'Public, non-deleted works, newest first. Page with offset, or through the whole ledger with cursor (next_cursor of the previous answer). ' +
      'format=json answers { metadata, data }; jsonl one record per line; csv a header row and one row per record; xml and rss documents. ' +
      `Every format but json is offered as a file download (Content-Disposition). ${CACHING}`,
    querystring: publicApiQuerySchema,
    response: {
      200: { description: 'The works in the requested format.', content },
      ...notModifiedResponse,
      ...errorResponses('invalid_parameter', 'forbidden_characters', 'invalid_value', 'rate_limited', 'unavailable'),
    },
  };
}

export const dumpSchema = {
  tags: ['Public read API'],
  summary: 'Every public work as gzip-compressed JSON Lines (public prompts included), read live',
  description:
    'The records of the json format, one per line, for the whole ledger, read from the database as it is now and streamed as a file download, so it has no fixed checksum (the published snapshot has one). A read that fails part-way ends the download early, so a cut archive does not pass for a whole one. ' +
    `${OPEN_AND_LIMITED} Cacheable for ${PUBLIC_API.cacheSeconds / 60} minutes.`,
  response: {
    200: binaryResponse('The dump: a gzip archive of JSON Lines.', 'application/gzip'),
    ...errorResponses('rate_limited', 'unavailable'),
  },
};

const SNAPSHOT_TEXT =
  'The dump written once as a file, with its SHA-256 and size: built at start-up and again at most hourly when the ledger changed (on a fresh start the first request waits for it). ' +
  'ETag is the SHA-256 (hex) of the file; Content-Disposition names it with the UTC time it was taken.';

export const snapshotSchema = {
  tags: ['Public read API'],
  summary: 'The newest published snapshot of the dump (gzip-compressed JSON Lines)',
  description: `${SNAPSHOT_TEXT} Changes when a new snapshot is published. ${CACHING}`,
  response: {
    200: binaryResponse('The snapshot: a gzip archive of JSON Lines.', 'application/gzip'),
    ...notModifiedResponse,
    ...errorResponses('rate_limited', 'unavailable'),
  },
};

export const snapshotByIdSchema = {
  tags: ['Public read API'],
  summary: 'One published snapshot, whose bytes never change (the file the Croissant description names)',
  description: `${SNAPSHOT_TEXT} The newest three snapshots are kept; an older one answers 404. ${OPEN_AND_LIMITED} Cacheable for a year (immutable).`,
  params: z.object({ file: z.string().describe('The snapshot id and .jsonl.gz, e.g. 20261122T083000Z-1a2b3c4d.jsonl.gz.') }),
  response: {
    200: binaryResponse('The snapshot: a gzip archive of JSON Lines.', 'application/gzip'),
    ...notModifiedResponse,
    ...errorResponses('not_found', 'rate_limited', 'unavailable'),
  },
};

export const croissantDocumentSchema = z
  .looseObject({
    '@context': z.record(z.string(), z.unknown()),
    '@type': z.literal('sc:Dataset'),
    conformsTo: z.string(),
    name: z.string(),
    description: z.string(),
    license: z.string(),
    citeAs: z.string(),
    url: z.string(),
    version: z.string(),
    dateModified: z.string(),
    isLiveDataset: z.boolean(),
    distribution: z.array(
      z.looseObject({
        '@type': z.string(),
        '@id': z.string(),
        contentUrl: z.string(),
        encodingFormat: z.string(),
        sha256: z.string().optional().describe('SHA-256 (hex) of the file at contentUrl; absent on a file inside an archive.'),
        contentSize: z.string().optional().describe('Size of the file at contentUrl, e.g. "12345 B".'),
      }),
    ),
    recordSet: z.array(
      z.looseObject({
        '@type': z.string(),
        '@id': z.string(),
        field: z.array(z.looseObject({ name: z.string(), dataType: z.string() })),
      }),
    ),
  })
  .meta({ id: 'CroissantDataset', description: 'Croissant 1.0 (MLCommons) JSON-LD description of the dataset.' });

export const croissantSchema = {
  tags: ['Public read API'],
  summary: 'Croissant 1.0 (MLCommons) description of the dataset',
  description: `The ledger as an ML dataset: its fields, licence, citation and the newest published snapshot (its own address, SHA-256 and size). On a fresh start the first request waits for the first snapshot. ${CACHING}`,
  response: {
    200: jsonResponse(croissantDocumentSchema, 'JSON-LD.', 'application/ld+json'),
    ...notModifiedResponse,
    ...errorResponses('rate_limited', 'unavailable'),
  },
};
