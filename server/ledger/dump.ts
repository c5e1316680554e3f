// GET /api/v1/ledger/dump.jsonl.gz: the whole public ledger as gzipped JSON Lines. Rows are read
// in keyset batches and gzipped as they go, so memory stays flat whatever the ledger's size.
import { Readable, pipeline } from 'node:stream';
import zlib from 'node:zlib';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { jsonlLines, toPublicRecord, type PublicApiRecord } from './public-api';
import { allPublicRows } from './public-api-repository';
import { absoluteImageUrl } from './absolute-image-url';

export const DUMP_CONTENT_TYPE = 'application/gzip';

export function dumpFilename(at: Date): string {
  return `ai-art-ledger-${at.toISOString().slice(0, 10)}.jsonl.gz`;
}

async function* publicRecords(db: Kysely<DB>, siteUrl: string, onRecord: () => void): AsyncGenerator<PublicApiRecord> {
  // Public prompts are part of the dataset (see the Croissant description); private ones are
  // already null in the public view.
  for await (const row of allPublicRows(db)) {
    onRecord();
    yield toPublicRecord(row, { siteUrl, includePrompts: true, imageUrl: absoluteImageUrl });
  }
}

/**
 * A gzip stream of the dump. A failed read destroys it, so the client sees a cut download, not a
 * valid-looking file. `onRecord` is called once per record (the snapshot counts its entries).
 */
export function createDumpStream(
  db: Kysely<DB>,
  siteUrl: string,
  onError: (err: Error) => void,
  onRecord: () => void = () => undefined,
): zlib.Gzip {
  const gzip = zlib.createGzip();
  pipeline(Readable.from(jsonlLines(publicRecords(db, siteUrl, onRecord))), gzip, (err) => {
    if (err && (err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') onError(err);
  });
  return gzip;
}
