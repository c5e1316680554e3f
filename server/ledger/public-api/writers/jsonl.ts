import type { PublicApiRecord } from '../record';

/**
 * JSON Lines: one record per line, every line newline-terminated, and nothing else: no
 * metadata line, so each line parses as the same kind of object (what dataset loaders expect).
 * JSON.stringify escapes newlines inside strings, so a record never spans two lines.
 */
export function writeJsonl(records: readonly PublicApiRecord[]): string {
  return records.map((record) => `${JSON.stringify(record)}\n`).join('');
}

/** The same, one line at a time, for the bulk dump (pipe through zlib.createGzip()). */
export async function* jsonlLines(records: AsyncIterable<PublicApiRecord> | Iterable<PublicApiRecord>): AsyncGenerator<string> {
  for await (const record of records) yield `${JSON.stringify(record)}\n`;
}
