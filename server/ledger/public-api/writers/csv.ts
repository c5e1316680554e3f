import { stringify, type Options, type Stringifier } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
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
function listCell(values: unknown[]): string {
  if (values.some((v) => typeof v === 'object' && v !== null)) return neutraliseFormula(JSON.stringify(values));
  return neutraliseFormula(values.join(CSV_LIST_SEPARATOR));
}

// RFC 4180: header row, CRLF line ends, fields quoted when they hold a comma, a double quote
// or a line break. csv-stringify quotes only the configured record delimiter by default, so a
// bare LF or CR in a title is matched explicitly. No byte-order mark: it breaks most parsers.
const OPTIONS: Options = {
  header: true,
  columns: CSV_COLUMNS.map(({ key, header }) => ({ key, header })),
  record_delimiter: 'windows',
  quoted_match: /[\r\n]/,
  cast: {
    string: (value) => neutraliseFormula(value),
    boolean: (value) => (value ? 'true' : 'false'),
    object: (value) => (Array.isArray(value) ? listCell(value) : JSON.stringify(value)),
  },
};

export function writeCsv(records: readonly PublicApiRecord[]): string {
  return stringifySync(records as PublicApiRecord[], OPTIONS);
}

/** Object-mode stream: write PublicApiRecord objects in, read CSV text out (bulk export). */
export function createCsvStream(): Stringifier {
  return stringify(OPTIONS);
}
