// Reference data of the public read API (SPEC §5 "Public API", §7, §9; DECISIONS #12, #16).

export const API_PATH = '/api/v1/ledger';
export const LEGACY_API_PATH = '/functions/v1/public-ledger-api';

export const FORMATS: Array<{ name: string; use: string }> = [
  { name: 'json', use: 'Default. An object with metadata and a data array of records.' },
  { name: 'jsonl', use: 'One record per line; easy to stream into training pipelines.' },
  { name: 'csv', use: 'Spreadsheets and data frames.' },
  { name: 'xml', use: 'XML tooling and archives.' },
  { name: 'rss', use: 'Feed readers: follow newly registered works.' },
];

export const QUERY_PARAMS: Array<{ name: string; values: string; description: string }> = [
  { name: 'format', values: 'json | jsonl | csv | xml | rss', description: 'Response format. Default json: { metadata, data }.' },
  { name: 'limit', values: '1-1000', description: 'Records per response. Default 100, maximum 1000; larger values are capped at 1000.' },
  { name: 'offset', values: '0 or more', description: 'Records to skip. Default 0. Cannot be combined with cursor; for large exports use cursor instead.' },
  { name: 'cursor', values: 'opaque text', description: 'Keyset paging: pass metadata.next_cursor from the previous response to get the next page. New registrations never shift your pages.' },
  { name: 'min_trust_level', values: '0-100', description: 'Only records with a trust score at or above this value. Default 0.' },
  { name: 'tool_filter', values: 'tool name', description: 'Only records made with this AI tool, e.g. Midjourney.' },
  { name: 'date_from', values: 'ISO 8601', description: 'Only records registered at or after this time, e.g. 2026-01-01 or 2026-01-01T00:00:00Z. A time without a zone is read as UTC.' },
  { name: 'date_to', values: 'ISO 8601', description: 'Only records registered up to this time; a date alone includes that whole day (UTC).' },
  { name: 'include_prompts', values: 'true | false', description: 'true adds the prompt text, for public prompts only. Private prompts are never included.' },
  { name: 'training_allowed', values: 'true', description: "Only works whose artist allowed AI training. Honour the artist's permission when you build a training set." },
];

export const LOG_ENDPOINTS: Array<{ path: string; description: string }> = [
  { path: '/api/log/checkpoint', description: 'Latest signed checkpoint (C2SP signed note, text/plain): tree size and root hash.' },
  { path: '/api/log/key', description: 'The Ed25519 verifier key of the log, in C2SP vkey form.' },
  { path: '/api/log/proof/inclusion?id={ID}', description: 'Inclusion proof of a work (or ?leaf_index=&tree_size=).' },
  { path: '/api/log/proof/consistency?first={m}&second={n}', description: 'Proof that the tree of size n extends the tree of size m.' },
  { path: '/api/log/entries?start={a}&end={b}', description: 'The log leaves: canonical JSON of hashes and ids, no personal data.' },
];
