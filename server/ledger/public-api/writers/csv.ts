// The CSV export, written here rather than by csv-stringify (decision 0080): the first
// 1,000-record page after a start cost csv-stringify 105-135 ms of not-yet-compiled option
// handling per cell (papaparse 117), about as long as the whole JSON answer, against 18-28 ms for
// these few lines; compiled, 18-19 ms against 5-8. RFC 4180's rules are the three in `cell`
// below, and the tests read the output back with csv-parse and Python's csv module.
import type { PublicApiRecord } from '../record';

/** Column order of the CSV export; nested permissions are flattened to their own columns. */
export const CSV_COLUMNS: ReadonlyArray<{ key: string; header: string }> = [
  'id',
  'uuid',
  'title',
  'artist_name',
  'author_location',
  'prompt',
  'prompt_available',
  'tool',
  'platform',
  'verification_method',
  'trust_meter',
  'status',
  'rubric_version',
  'artist_confirmed',
  'proven_identities',
  'tags',
  'usage_type',
  'created_at',
  'image_available',
  'image_url',
  'image_sha256',
  'license',
  'permissions.allow_ai_training',
  'permissions.restrict_usage',
  'permissions.remix_allowed',
  'permissions.no_commercial',
  'permissions.sensitive_content',
  'permissions.must_give_credit',
  'training_mining',
  'log_index',
  'ledger_url',
].map((key) => ({ key, header: key.replace(/^permissions\./, '') }));

/** Lists inside one cell, e.g. tags "portrait; fantasy". */
export const CSV_LIST_SEPARATOR = '; ';

/** RFC 4180 record delimiter. */
const CRLF = '\r\n';

/**
 * A cell starting with one of these is run as a formula by spreadsheet programs (CSV
 * injection); a leading apostrophe makes them show it as text instead (OWASP advice).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * A list in one cell: plain values joined ("portrait; fantasy"); records (proven_identities) as
 * the JSON array, so each identity keeps its kind and time of proof. An empty list is an empty cell.
 */
function listText(values: readonly unknown[]): string {
  if (values.some((v) => typeof v === 'object' && v !== null)) return JSON.stringify(values);
  return values.join(CSV_LIST_SEPARATOR);
}

/** A value as the text of its cell: null empty, booleans 'true'/'false', lists joined, text neutralised. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return neutraliseFormula(value);
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return neutraliseFormula(Array.isArray(value) ? listText(value) : JSON.stringify(value));
}

/** Quoted when it holds a comma, a double quote or a line break (a bare CR or LF too); quotes doubled. */
const NEEDS_QUOTES = /[",\r\n]/;

function cell(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function fieldValue(record: PublicApiRecord, key: string): unknown {
  if (key.startsWith('permissions.'))
    return record.permissions[key.slice('permissions.'.length) as keyof PublicApiRecord['permissions']];
  return record[key as keyof PublicApiRecord];
}

/** The header row, then one row per record; every row ends with CRLF. No byte-order mark: it breaks most parsers. */
export function writeCsv(records: readonly PublicApiRecord[]): string {
  const lines = [CSV_COLUMNS.map(({ header }) => cell(header)).join(',')];
  for (const record of records) lines.push(CSV_COLUMNS.map(({ key }) => cell(cellText(fieldValue(record, key)))).join(','));
  return lines.join(CRLF) + CRLF;
}
