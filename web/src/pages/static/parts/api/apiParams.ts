// Reference data of the public read API the OpenAPI document does not carry: paths and what each
// format is for. Parameters and endpoints are read from /api/openapi.json (useOpenApi.ts).

export const API_PATH = '/api/v1/ledger';
export const LEGACY_API_PATH = '/functions/v1/public-ledger-api';

export const FORMATS: Array<{ name: string; use: string }> = [
  { name: 'json', use: 'Default. An object with metadata and a data array of records.' },
  { name: 'jsonl', use: 'One record per line; easy to stream into training pipelines.' },
  { name: 'csv', use: 'Spreadsheets and data frames.' },
  { name: 'xml', use: 'XML tooling and archives.' },
  { name: 'rss', use: 'Feed readers: follow newly registered works.' },
];
