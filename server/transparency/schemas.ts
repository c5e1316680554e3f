// Route schemas of the transparency log: the JSON API under /api/log/ and the C2SP tlog-tiles
// read API under /log/. The answers' shapes are in core/api/tlog.ts (the proof feature's bundle
// uses them too). The query parameters keep the words of query-params.ts: every mistake
// is a 400 'invalid_parameter' that names the parameter.
import { z } from 'zod';
import { binaryResponse, errorResponses, textResponse } from '../http/api-schemas';
import { consistencyProofSchema, inclusionProofSchema, logEntriesSchema } from '../../core/api/tlog';
import { indexParam, MAX_ENTRIES_PER_REQUEST, stringParam } from './query-params';

const TAGS = ['Transparency log'];

// ---- Query parameters (strings, as they arrive; each given at most once) ----

export const inclusionQuerySchema = z.object({
  id: stringParam('id').optional().describe('UUID or registry ID (VW-YYYY-NNNNNN) of a work that is or was public.'),
  leaf_index: indexParam('leaf_index').optional().describe("Index of a leaf (instead of 'id')."),
  tree_size: indexParam('tree_size')
    .optional()
    .describe("Prove against the checkpoint of this size (with 'leaf_index'); the newest one when absent."),
});

export const consistencyQuerySchema = z.object({
  first: indexParam('first').describe('The older tree size.'),
  second: indexParam('second').describe('The newer tree size, at most the log size.'),
});

export const entriesQuerySchema = z.object({
  start: indexParam('start').describe('First leaf index.'),
  end: indexParam('end').describe(`One past the last leaf index; at most ${MAX_ENTRIES_PER_REQUEST} entries per request.`),
});

// ---- Routes ----

const checkpointResponses = {
  200: textResponse('The newest signed checkpoint: a C2SP signed note (tlog-checkpoint).', 'text/plain'),
  ...errorResponses('unavailable'),
};

export const checkpointSchema = {
  tags: TAGS,
  summary: 'The latest signed checkpoint (C2SP signed note, text/plain)',
  description: 'Origin line, tree size, base64 root hash and the Ed25519 signature lines. Cached for 10 seconds.',
  response: checkpointResponses,
};

export const keySchema = {
  tags: TAGS,
  summary: 'The verifier key of the checkpoint signatures (C2SP vkey)',
  description:
    '`<name>+<8 hex key id>+<base64(0x01 ‖ Ed25519 public key)>`, without a trailing newline, so the body can be passed to a verifier as it is.',
  response: {
    200: textResponse('The verifier key.', 'text/plain'),
    ...errorResponses('unavailable'),
  },
};

export const inclusionSchema = {
  tags: TAGS,
  summary: "Inclusion proof of a work's leaf: ?id=… or ?leaf_index=…&tree_size=…",
  description:
    "By id: the 'created' leaf of a work that is or was public, against the newest checkpoint; a removed or purged work keeps its proof and " +
    'the answer says so. By leaf_index: any leaf, against the checkpoint of tree_size (immutable) or the newest one. Rate limited per address.',
  querystring: inclusionQuerySchema,
  response: {
    200: inclusionProofSchema.describe('The inclusion proof.'),
    ...errorResponses('invalid_parameter', 'not_found', 'rate_limited', 'unavailable'),
  },
};

export const consistencySchema = {
  tags: TAGS,
  summary: 'Consistency proof between two tree sizes: ?first=…&second=…',
  description: 'Both sizes are prefixes of the append-only log, so the answer never changes (immutable). Rate limited per address.',
  querystring: consistencyQuerySchema,
  response: {
    200: consistencyProofSchema.describe('The consistency proof.'),
    ...errorResponses('invalid_parameter', 'rate_limited', 'unavailable'),
  },
};

export const entriesSchema = {
  tags: TAGS,
  summary: 'Leaves of the log: ?start=…&end=…',
  description:
    `The leaves start..end-1 with their canonical JSON and hashes, at most ${MAX_ENTRIES_PER_REQUEST} per request; a range past the log's end ` +
    'is answered with the leaves that exist so far. Rate limited per address.',
  querystring: entriesQuerySchema,
  response: {
    200: logEntriesSchema.describe('The entries.'),
    ...errorResponses('invalid_parameter', 'rate_limited', 'unavailable'),
  },
};

export const tileCheckpointSchema = {
  tags: TAGS,
  summary: 'The signed checkpoint of the C2SP tlog-tiles API',
  description: 'The same note as GET /api/log/checkpoint, where tlog-tiles clients look for it.',
  response: checkpointResponses,
};

export const tileSchema = {
  tags: TAGS,
  summary: 'A C2SP tlog-tiles tile: tile/<L>/<N>[.p/<W>] or tile/entries/<N>[.p/<W>]',
  description:
    'Merkle tree hashes (32 bytes each, 256 per full tile) or an entry bundle (the leaves’ canonical JSON, gzip-compressed when accepted). ' +
    '<N> is written in 3-digit groups, all but the last starting with x (x001/x234/067); only the canonical spelling is served. ' +
    'Full tiles never change (immutable); partial tiles are cached for a minute.',
  params: z.object({ '*': z.string().describe('What follows tile/, e.g. 0/x001/234 or entries/000.p/17.') }),
  response: {
    200: binaryResponse('The tile.', 'application/octet-stream'),
    ...errorResponses('bad_request', 'not_found', 'unavailable'),
  },
};

export const policySchema = {
  tags: TAGS,
  summary: "The log's C2SP tlog-policy (text/plain)",
  description:
    'The log key, the witnesses that cosign its checkpoints and the quorum of their cosignatures a verifier should require ' +
    '(`log`, `witness`, `group` and `quorum` lines). Cached for 5 minutes.',
  response: {
    200: textResponse('The policy file.', 'text/plain'),
    ...errorResponses('unavailable'),
  },
};
