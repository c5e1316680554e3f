// Route schemas of the proof feature: a work's downloads (badges, exports, reports, bundle, the
// 'Badge code' snippet), the live badge, oEmbed, robots.txt and sitemaps, and "verify a file".
import { z } from 'zod';
import { IMAGE_FILE_ERROR_CODES } from '../image/errors';
import { BADGE_SIZES, type BadgeSize } from '../../core/constants';
import { badgeEmbedSchema, lookupResponseSchema } from '../../core/api/proof';
import { embedBadgeDataSchema } from '../../core/api/embed';
import { binaryResponse, errorResponses, jsonResponse, notModifiedResponse, textResponse } from '../http/api-schemas';
import { proofBundleSchema } from '../../core/api/tlog';

const PROOF = ['Proof'];
const SITE = ['Site'];

/** The errors of every download: the work, the hourly budget, the database. */
const DOWNLOAD_ERRORS = ['not_found', 'forbidden_characters', 'rate_limited', 'unavailable'] as const;

const workParams = z.object({
  id: z.string().describe('UUID or registry ID (VW-YYYY-NNNNNN) of a public work.'),
});

const DOWNLOAD_NOTE =
  'Served as an attachment named after the registry ID. Private, deleted and unknown works are 404. ' +
  "Rate limited per address (the public API's hourly budget); cached for 5 minutes.";

function downloadSchema<Ok>(summary: string, ok: Ok, ...extraErrors: Parameters<typeof errorResponses>) {
  return {
    tags: PROOF,
    summary,
    description: DOWNLOAD_NOTE,
    params: workParams,
    response: { 200: ok, ...errorResponses(...DOWNLOAD_ERRORS, ...extraErrors) },
  };
}

export const badgeSvgSchema = downloadSchema(
  'The badge as SVG: title, artist, status, score, short ID and proof URL',
  textResponse('The badge (800×300).', 'image/svg+xml'),
);

export const BADGE_PNG_SIZES = Object.keys(BADGE_SIZES) as [BadgeSize, ...BadgeSize[]];

export const badgePngSchema = {
  ...downloadSchema('The badge as PNG, 800×300 or 400×150', binaryResponse('The badge.', 'image/png'), 'invalid_parameter'),
  querystring: z.object({
    size: z.enum(BADGE_PNG_SIZES).optional().describe("'large' (800×300, the default) or 'small' (400×150)."),
  }),
};

/** proof.jsonld: the authentication export; its main fields, the rest is JSON-LD. */
const authenticationExportSchema = z
  .looseObject({
    '@context': z.unknown(),
    '@type': z.literal('AuthenticationRecord'),
    '@id': z.string().describe('The proof page.'),
    issuer: z.string(),
    registry_id: z.string(),
    submission_id: z.string(),
    sha256: z.string().nullable().describe('SHA-256 of the original image, hex.'),
    timestamp: z.string().describe('Registration time, ISO 8601 UTC.'),
    trust_score: z.object({ value: z.number(), max: z.number(), status: z.string(), rubric_version: z.string().nullable() }),
    components: z.array(z.looseObject({ name: z.string(), score: z.number() })).describe('The five components of the score.'),
    artwork: z.looseObject({}).describe('The schema.org VisualArtwork.'),
    provenance: z.looseObject({}),
    citation: z.object({ text: z.string(), url: z.string() }),
    semantic_tokens: z.array(z.string()).optional().describe('Only when the prompt is public.'),
    api_endpoints: z.record(z.string(), z.string()).describe('Public endpoints that re-check the record.'),
    proof: proofBundleSchema
      .extend({ type: z.string(), verify_with: z.string() })
      .nullable()
      .describe('The transparency-log inclusion proof with its signed checkpoint, or null for a work without a log entry.'),
  })
  .meta({ id: 'AuthenticationExport', description: 'The authentication export of a work (proof.jsonld).' });

export const proofJsonldSchema = downloadSchema(
  'The authentication export (JSON-LD): hash, timestamp, score, components and the log proof',
  jsonResponse(authenticationExportSchema, 'The export.', 'application/ld+json'),
);

export const proofJsonSchema = downloadSchema(
  'The proof bundle for `npm run verify`: inclusion proof, signed checkpoint and verifier key',
  jsonResponse(proofBundleSchema, 'The bundle.'),
  'not_logged',
);

export const reportTxtSchema = downloadSchema('The authentication report as plain text', textResponse('The report.', 'text/plain'));

export const reportPdfSchema = downloadSchema('The authentication report as PDF', binaryResponse('The report.', 'application/pdf'));

export const bundleZipSchema = downloadSchema(
  'Every download in one zip: both PNG badges, the SVG, proof.jsonld, proof.json and both reports',
  binaryResponse('The badges, exports, proof files and reports listed in bundle.txt.', 'application/zip'),
);

export const bundleTxtSchema = downloadSchema(
  "The bundle's file list with each file's size and SHA-256",
  textResponse('The list.', 'text/plain'),
);

export const embedSchema = {
  ...downloadSchema(
    "The 'Badge code' HTML snippet: a link to the proof page around the live badge",
    badgeEmbedSchema.describe('The snippet.'),
  ),
  description:
    "Private, deleted and unknown works are 404. Rate limited per address (the public API's hourly budget); cached for 5 minutes.",
};

export const liveBadgeSchema = {
  tags: PROOF,
  summary: "The live badge that other sites embed: the work's current status",
  description:
    "A removed work shows 'Removed' without title or artist; a private or unknown work gets a 404 badge that names nothing. " +
    'Not rate limited; cached for 5 minutes.',
  params: z.object({ file: z.string().describe('{id}.svg, the id being a UUID or registry ID.') }),
  response: {
    200: textResponse('The badge of a public or removed work.', 'image/svg+xml'),
    404: textResponse("A 'Not found' badge: no public work has this id (or the file does not end in .svg).", 'image/svg+xml'),
    ...errorResponses('forbidden_characters', 'unavailable'),
  },
};

/** oEmbed 1.0 'rich' answer (https://oembed.com). */
const oembedSchemaJson = z
  .object({
    version: z.literal('1.0'),
    type: z.literal('rich'),
    title: z.string(),
    author_name: z.string(),
    author_url: z.string(),
    provider_name: z.string(),
    provider_url: z.string(),
    cache_age: z.number().int(),
    html: z.string().describe('The badge snippet, sized to fit maxwidth and maxheight.'),
    width: z.number().int(),
    height: z.number().int(),
    thumbnail_url: z.string().optional().describe('Left out when the thumbnail would exceed maxwidth or maxheight.'),
    thumbnail_width: z.number().int().optional(),
    thumbnail_height: z.number().int().optional(),
    badge_element_html: z
      .string()
      .describe('An extension: the live badge element (script + <veriwork-badge>), an alternative to the image badge in html.'),
  })
  .meta({ id: 'OEmbed', description: "oEmbed 1.0 'rich' answer for a proof page." });

// A repeated or malformed url, maxwidth or maxheight reads as absent (no such page; no limit),
// as oEmbed consumers expect; only an unknown format is refused.
const lenient = (description: string) => z.string().optional().catch(undefined).describe(description);

export const oembedSchema = {
  tags: PROOF,
  summary: 'oEmbed for proof pages: the badge snippet as a rich embed',
  description:
    "format=json (the default) or format=xml; any other format is 501. A URL that is not a public work's proof page is 404.",
  querystring: z.object({
    url: lenient('A proof page URL of this site: {site}/verify/{id}.'),
    format: z.enum(['json', 'xml']).optional().describe("'json' (the default) or 'xml'."),
    maxwidth: lenient('Largest width the consumer can show, in pixels.'),
    maxheight: lenient('Largest height the consumer can show, in pixels.'),
  }),
  response: {
    200: {
      description: 'The oEmbed answer.',
      content: { 'application/json': { schema: oembedSchemaJson }, 'text/xml': { schema: z.string() } },
    },
    ...errorResponses('not_found', 'forbidden_characters', 'not_implemented', 'unavailable'),
  },
};

export const proofVocabularySchema = {
  tags: SITE,
  summary: "The vocabulary of proof.jsonld's terms (its @vocab), as JSON-LD",
  response: { 200: textResponse('An RDFS description of each term, as JSON-LD.', 'application/ld+json') },
};

export const robotsSchema = {
  tags: SITE,
  summary: 'robots.txt: everything but the admin screens, and where the sitemap is',
  response: { 200: textResponse('The robots.txt file.', 'text/plain') },
};

export const sitemapSchema = {
  tags: SITE,
  summary: 'The sitemap of public pages, or a sitemap index past 50,000 URLs',
  description: 'Static pages, every public proof page and every artist with a public work. Cached for an hour.',
  response: {
    200: textResponse('A sitemap urlset, or a sitemap index of /sitemaps/{part}.xml.', 'application/xml'),
    ...errorResponses('unavailable'),
  },
};

export const sitemapPartSchema = {
  tags: SITE,
  summary: 'One part of a sitemap index: static, works-N or artists-N',
  params: z.object({ file: z.string().describe('{part}.xml, e.g. works-1.xml.') }),
  response: {
    200: textResponse('A sitemap urlset.', 'application/xml'),
    ...errorResponses('not_found', 'forbidden_characters', 'unavailable'),
  },
};

export const lookupSchema = {
  tags: ['Registration'],
  summary: 'Registered works with the same image (SHA-256) or a near-duplicate',
  description:
    "Send the image as multipart/form-data in a field named 'file'; it gets the upload's checks and is then dropped: nothing is stored. " +
    'Rate limited per address and day.',
  consumes: ['multipart/form-data'],
  // The multipart body is streamed, never parsed into request.body (Fastify validates a missing
  // body as null): this documents the form only.
  body: z.object({ file: z.any().describe('The image to look up.') }).nullish(),
  response: {
    200: lookupResponseSchema.describe('The matches, oldest registration first.'),
    ...errorResponses(...IMAGE_FILE_ERROR_CODES, 'rate_limited', 'unavailable'),
  },
};

export const embedBadgeDataRouteSchema = {
  tags: PROOF,
  summary: 'What the live badge element shows for one work (used by /embed/badge.js)',
  description:
    'Readable from any origin, without cookies. A removed work shows only that it was removed; a private or unknown work is 404. ' +
    'Not rate limited beyond the read budget; cached for 5 minutes.',
  params: workParams,
  response: {
    200: jsonResponse(embedBadgeDataSchema, 'The badge data of a public or removed work.'),
    ...errorResponses('not_found', 'forbidden_characters', 'unavailable'),
  },
};

const CONSENT = ['Consent'];

const tdmRuleSchema = z.object({
  location: z.string().describe('A path pattern on this site; * matches any characters.'),
  'tdm-reservation': z.union([z.literal(0), z.literal(1)]).describe('1: text-and-data-mining rights reserved; 0: not reserved.'),
  'tdm-policy': z.string().optional().describe('The policy saying how to ask for a licence (reservations only).'),
});

export const tdmRepSchema = {
  tags: CONSENT,
  summary: 'TDMRep rules: which works are reserved from text and data mining (AI training)',
  description:
    'W3C TDMRep file. Opted-in works are listed one by one with tdm-reservation 0, followed by reservations of every path ' +
    'that serves a work (training is reserved unless the artist allowed it). Rebuilt when the ledger changes; ETag.',
  response: {
    200: jsonResponse(z.array(tdmRuleSchema), 'The TDMRep rules, most specific first.'),
    ...notModifiedResponse,
    ...errorResponses('unavailable'),
  },
};

export const tdmPolicySchema = {
  tags: CONSENT,
  summary: 'The TDM policy (ODRL, TDMRep profile) that tdm-policy points to',
  response: { 200: jsonResponse(z.record(z.string(), z.unknown()), 'An ODRL Offer: mining needs the artist’s consent.') },
};

const OPT_OUT_NOTE =
  'CSV with the header registry_id,sha256,phash,registered_at: one row per public work whose artist reserved AI training ' +
  '(sha256 of the registered file, 64-bit perceptual hash as 16 hex digits). No key needed; ETag and If-None-Match.';

export const optOutFullSchema = {
  tags: CONSENT,
  summary: 'The keyless opt-out set: hashes of every work reserved from AI training',
  description:
    `${OPT_OUT_NOTE} This full file is authoritative: works deleted or made private leave it at its next rebuild (at most hourly). ` +
    'Rebuilt when the ledger changes, at most once a minute.',
  response: {
    200: textResponse('The full opt-out set.', 'text/csv'),
    ...notModifiedResponse,
    ...errorResponses('unavailable'),
  },
};

export const optOutDeltaSchema = {
  tags: CONSENT,
  summary: 'One day of the opt-out set: reserved works registered that UTC day',
  description: `${OPT_OUT_NOTE} Deltas only add; fetch the full file now and then to drop works that left.`,
  params: z.object({ file: z.string().describe('{YYYY-MM-DD}.csv, a UTC day.') }),
  response: {
    200: textResponse('The reserved works registered that day.', 'text/csv'),
    ...notModifiedResponse,
    ...errorResponses('not_found', 'forbidden_characters', 'unavailable'),
  },
};
