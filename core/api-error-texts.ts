// The sentences of error answers that API clients read in `error.message` (issue 37): refusals
// of a malformed request, a missing log entry, a wrong parameter. They carry no toast title, so
// they are plain strings here; a refusal the web app shows as a toast is a title + description
// pair in messages.ts, and each error code's default sentence is in error-codes.ts. Clients and
// the tests rely on these word for word. Values the server owns (a path, a limit) come in as
// arguments, so core/ imports nothing from server/.
import {
  DATE_FILTER_DAYS,
  LEDGER_QUERY_LIMITS,
  MAX_OFFSET_ROWS,
  PUBLIC_API,
  PUBLIC_API_FORMATS,
  TRUST_MAX,
  TRUST_MIN,
} from './constants';
import { LEDGER_SORTS } from './tools';

export const API_ERRORS = {
  // ---- Requests refused before a route runs (server/http/errors.ts) ----
  bodyEmpty: 'The request body is empty.',
  bodyNotJson: 'The request body is not valid JSON.',
  contentLengthInvalid: 'The request has an invalid length.',
  multipartRequired: 'Please send the file as multipart/form-data.',
  oneFileAtATime: 'Please send one file at a time.',
  tooManyParts: 'The form has too many parts.',
  requestMalformed: 'The request is malformed.',
  brokenEscape: 'The address is not valid (a broken %-escape).',
  requestNotProcessed: 'The request could not be processed.',
  noSuchApiEndpoint: 'No such API endpoint.',

  // ---- Query parameters ----
  queryInvalid: 'The query is not valid.',
  fieldNotValid: 'Not valid.',
  /** The reason after "Invalid parameter '<name>': " when the check has no words of its own. */
  parameterIsNotValid: 'is not valid',
  parameterGivenTwice: 'must be given only once',

  // ---- Images and proofs ----
  imageNotFound: 'Image not found.',
  noPublicProofPage: 'No public proof page at this URL.',
  badgeTooSmall: 'The badge cannot be made that small.',
  noSuchSitemap: 'No such sitemap.',
  badgeSizeInvalid: "Invalid parameter 'size': use 'large' (800×300) or 'small' (400×150).",
  oembedFormat: 'Only format=json and format=xml are supported.',
  noSuchOptOutDelta: 'No such delta: use /opt-out/v1/delta/YYYY-MM-DD.csv (a UTC day).',
  lookupHashFieldInvalid: 'Not a SHA-256 or a perceptual hash.',

  // ---- C2PA soft binding API (server/proof/c2pa-routes.ts) ----
  c2paImageBodyRequired: 'Send the image itself as the request body, with its media type (e.g. image/jpeg).',
  c2paMaxResultsInvalid: "Invalid parameter 'maxResults': use a whole number from 1.",
  c2paNoPublicWork: 'No public work has this manifest id.',

  // ---- Transparency log (server/transparency/) ----
  logIdOrLeafIndex: "give either 'id' or 'leaf_index' (with an optional 'tree_size'), not both.",
  /** After "Missing parameter 'id'" when neither 'id' nor 'leaf_index' was given. */
  logIdOrLeafIndexHint: " (or 'leaf_index')",
  logIdNotARef: 'expected a UUID or a registry ID such as VW-2026-000001.',
  logLeafIndexPastTreeSize: "must be less than 'tree_size'.",
  logFirstAfterSecond: "must not be larger than 'second'.",
  logEndNotAfterStart: "must be larger than 'start'.",
  logNoCheckpointAtSize: 'No checkpoint for that tree size.',
  logNoLeafAtIndex: 'No leaf at that index.',
  logTileNotYet: 'The log does not hold this tile yet: fetch /log/checkpoint and ask only for tiles its tree size needs.',

  // ---- Moderation steps a work's state does not allow (server/works/lifecycle.ts) ----
  workAlreadyRemoved: 'This submission has already been removed.',
  workNotRemoved: 'This submission is not removed, so there is nothing to restore.',
  workPurgedCannotRestore: 'This submission was purged and cannot be restored.',
  workNotRemovedForPurge: 'Only removed submissions can be purged. Remove it first.',
  workAlreadyPurged: 'This submission has already been purged.',

  // ---- Other refusals ----
  adminSubmissionNotFound: 'Submission not found.',
  removalRequestNotFound: 'Removal request not found.',
  liveConnectionsFull: 'Too many live connections. Please try again later.',
  webhookChangeEmpty: 'Say what to change: enabled, events or both.',
} as const satisfies Record<string, string>;

// ---- The ledger's reads: what follows "Invalid parameter '<name>': " in a 400 answer ----

/** GET /api/ledger and GET /api/artists/{name} (server/ledger/ledger-query.ts). */
export const LEDGER_PARAMETER_REASONS = {
  pageTooDeep:
    `must lie within ${MAX_OFFSET_ROWS.toLocaleString('en-US')} works of the start or, when the total is exact, the end ` +
    'of the list; go further with next_cursor or prev_cursor',
  search: `must be text of at most ${LEDGER_QUERY_LIMITS.search} characters`,
  filter: `must be text of at most ${LEDGER_QUERY_LIMITS.filter} characters`,
  date: `must be one of ${Object.keys(DATE_FILTER_DAYS).join(', ')}`,
  sort: `must be one of ${LEDGER_SORTS.join(', ')}`,
  page: `must be a whole number from 1 to ${LEDGER_QUERY_LIMITS.page}`,
  cursor: 'must be the next_cursor or prev_cursor value of an earlier response',
  cursorOfAnotherList: 'belongs to another sort, search or filter; start again from the first page',
  pageWithCursor: 'cannot be combined with cursor',
} as const satisfies Record<string, string>;

/** The public read API, one per parameter (server/ledger/public-api/params.ts). */
export const PUBLIC_API_PARAMETER_REASONS = {
  format: `must be one of ${PUBLIC_API_FORMATS.join(', ')}`,
  limit: `must be a whole number from 1 to ${PUBLIC_API.maxLimit}`,
  offset: `must be a whole number from 0 to ${MAX_OFFSET_ROWS.toLocaleString('en-US')}; page further with cursor (next_cursor)`,
  offsetWithCursor: 'cannot be combined with cursor',
  min_trust_level: `must be a whole number from ${TRUST_MIN} to ${TRUST_MAX}`,
  tool_filter: `must be text of at most ${LEDGER_QUERY_LIMITS.filter} characters`,
  date_from: 'must be an ISO 8601 date (2026-01-31) or date-time (2026-01-31T12:00:00Z)',
  date_to: 'must be an ISO 8601 date (2026-01-31) or date-time (2026-01-31T12:00:00Z)',
  dateToBeforeFrom: 'must not be earlier than date_from',
  include_prompts: "must be 'true' or 'false'",
  training_allowed: "must be 'true' (leave it out to include every work)",
  cursor: 'must be the next_cursor value of an earlier response',
} as const satisfies Record<string, string>;

/** Why GET /api/ready answers 503: one sentence per reason (server/site/readiness.ts). */
export const NOT_READY_REASONS = {
  draining: 'The server is shutting down and takes no new requests.',
  database: 'The database does not answer.',
  store: 'The image store does not answer.',
} as const satisfies Record<string, string>;

// ---- Sentences with a variable part ----

/** 429 from the rate limiter, with the wait in words ('1 minute'). */
export function rateLimitedText(after: string): string {
  return `Too many requests. Please try again in ${after}.`;
}

/** A refused query parameter with the reason ("Invalid parameter 'sort': must be one of …"). */
export function invalidParameterText(name: string, reason: string): string {
  return `Invalid parameter '${name}': ${reason}`;
}

/** A required query parameter left out; `hint` follows the name (" (or 'leaf_index')"). */
export function missingParameterText(name: string, hint = ''): string {
  return `Missing parameter '${name}'${hint}.`;
}

/** A query parameter given twice (the log endpoints). */
export function parameterTwiceText(name: string): string {
  return invalidParameterText(name, 'give it once.');
}

/** A log index or tree size that is not a plain non-negative integer. */
export function parameterNotIndexText(name: string): string {
  return invalidParameterText(name, 'expected a non-negative integer.');
}

/** A list route's refused parameter, without a reason. */
export function parameterNotValidText(name: string): string {
  return `The parameter '${name}' is not valid.`;
}

/** A C2PA query parameter that is absent or not valid. */
export function parameterMissingOrInvalidText(name: string): string {
  return `The parameter '${name}' is missing or not valid.`;
}

/** The log's consistency proof asked for a size beyond the log. */
export function logSecondPastSizeText(size: number): string {
  return `must not be larger than the log size (${size}).`;
}

/** GET /api/log/entries asked for more entries than one answer carries. */
export function logTooManyEntriesText(max: number): string {
  return `at most ${max} entries per request.`;
}

/** A tile path the parser refused, with its reason. */
export function notATilePathText(reason: string): string {
  return `Not a tile path: ${reason}`;
}

/** A dump snapshot no longer kept (or never made); names where the newest is. */
export function noSuchSnapshotText(newestPath: string): string {
  return `No such snapshot (only the newest few are kept); the newest is at ${newestPath}.`;
}

/** POST /api/lookup/batch without a usable list of hashes; `count` is '1 to 1,000'. */
export function lookupBatchShapeText(count: string): string {
  return `Send JSON { "hashes": [...] } with ${count} hashes.`;
}

/** One hash of a bulk lookup that is neither kind of hash. */
export function lookupBatchEntryText(index: number): string {
  return `Entry ${index} of 'hashes' is not a SHA-256 (64 hex digits) or a perceptual hash (16 hex digits).`;
}

/** A bulk lookup's max_distance out of range. */
export function lookupBatchDistanceText(max: number): string {
  return `'max_distance' must be a whole number from 0 to ${max}.`;
}

/** A C2PA soft binding algorithm this service does not answer for. */
export function c2paUnknownAlgorithmText(alg: string, supported: readonly string[]): string {
  return (
    `Unknown soft binding algorithm '${alg}': this service supports ${supported.join(' and ')} ` +
    '(GET /api/c2pa/v1/services/supportedAlgorithms).'
  );
}

/** A C2PA binding value that does not decode to the size of its algorithm's hash. */
export function c2paValueInvalidText(alg: string, hash: 'sha256' | 'phash'): string {
  const size = hash === 'sha256' ? '32 bytes (a SHA-256 digest)' : '8 bytes (a 64-bit perceptual hash)';
  return `Invalid parameter 'value': for ${alg} it must be base64 of ${size}.`;
}

/** A public work whose original carried no C2PA manifest store. */
export function c2paNoManifestStoreText(registryId: string): string {
  return `No C2PA manifest store for ${registryId}: its original carried no C2PA manifest store.`;
}

/** An admin account refused: the password too short or too long. */
export function adminPasswordTooShortText(min: number): string {
  return `The password must be at least ${min} characters long.`;
}

export function adminPasswordTooLongText(max: number): string {
  return `The password can be at most ${max} characters long.`;
}

/** An admin account refused: the address already has one. */
export function adminExistsText(email: string): string {
  return `An admin with the email ${email} already exists.`;
}

// ---- Tile paths of the log (C2SP tlog-tiles): what follows "Not a tile path: " ----

/** `quoted` is the client's text as the answer quotes it back ('x01…'). */
export function tileLevelInvalidText(quoted: string, maxLevel: number): string {
  return `${quoted} is not a tile level: expected 'entries' or a number from 0 to ${maxLevel}.`;
}

export function tileWidthInvalidText(quoted: string, maxWidth: number): string {
  return `${quoted} is not a partial tile width: expected a number from 1 to ${maxWidth}.`;
}

export function tileIndexInvalidText(quoted: string): string {
  return `${quoted} is not a tile index: expected 3-digit groups, all but the last starting with 'x' (e.g. x001/x234/067).`;
}

// ---- The witness's add-checkpoint answers (C2SP tlog-witness), sent as text/plain ----

export const WITNESS_ERRORS = {
  bodyShape: 'Expected an old size line, consistency proof lines, an empty line and a checkpoint.',
  oldSizeLine: "The first line must be 'old <tree size>'.",
  proofLineNotHash: 'Each consistency proof line must be one base64 SHA-256 hash.',
  signatureInvalid: 'The checkpoint carries no valid signature by the log key this witness trusts.',
  oldSizeTooLarge: 'The old size is larger than the checkpoint size.',
  proofNotEmpty: 'The consistency proof must be empty when the old size is 0.',
} as const satisfies Record<string, string>;

export function witnessTooManyProofLinesText(max: number): string {
  return `At most ${max} consistency proof lines.`;
}

/** The checkpoint note could not be parsed; `reason` is the parser's. */
export function witnessCheckpointMalformedText(reason: string): string {
  return `The checkpoint is malformed: ${reason}`;
}

export function witnessUnknownLogText(origin: string): string {
  return `This witness does not witness the log '${origin}'.`;
}

export function witnessProofFailsText(oldSize: bigint, newSize: bigint): string {
  return `The consistency proof from size ${oldSize} to ${newSize} does not verify.`;
}
