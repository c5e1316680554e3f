import type { WriterMeta } from './metadata';
import type { PublicApiFormat } from './params';
import type { PublicApiRecord } from './record';
import { writeCsv } from './writers/csv';
import { writeJson } from './writers/json';
import { writeJsonl } from './writers/jsonl';
import { writeRss } from './writers/rss';
import { writeXml } from './writers/xml';

export interface FormatWriter {
  /** Content-Type header value, with charset. */
  contentType: string;
  /** File extension for downloads, without the dot. */
  extension: string;
  write: (records: readonly PublicApiRecord[], meta: WriterMeta) => string;
}

export const FORMATS: Record<PublicApiFormat, FormatWriter> = {
  json: { contentType: 'application/json; charset=utf-8', extension: 'json', write: writeJson },
  jsonl: { contentType: 'application/x-ndjson; charset=utf-8', extension: 'jsonl', write: writeJsonl },
  // header=present is the RFC 4180 parameter telling readers the first row names the columns.
  csv: { contentType: 'text/csv; charset=utf-8; header=present', extension: 'csv', write: writeCsv },
  xml: { contentType: 'application/xml; charset=utf-8', extension: 'xml', write: writeXml },
  rss: { contentType: 'application/rss+xml; charset=utf-8', extension: 'rss', write: writeRss },
};

/** Download name for one day's export, e.g. ai-art-ledger-2026-11-22.csv (date in UTC). */
export function downloadFilename(format: PublicApiFormat, at: Date = new Date()): string {
  return `ai-art-ledger-${at.toISOString().slice(0, 10)}.${FORMATS[format].extension}`;
}

/** Content-Disposition header value offering the response as a file download. */
export function contentDisposition(format: PublicApiFormat, at: Date = new Date()): string {
  return `attachment; filename="${downloadFilename(format, at)}"`;
}
