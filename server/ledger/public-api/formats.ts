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

/**
 * generated_at (and the feed's lastBuildDate) is the start of the cache period, which can be
 * earlier than a work registered since; a document must never look older than its newest record.
 */
export function metaNotOlderThanRecords(records: readonly PublicApiRecord[], meta: WriterMeta): WriterMeta {
  let newest = Date.parse(meta.metadata.generated_at);
  for (const record of records) newest = Math.max(newest, Date.parse(record.created_at));
  const generatedAt = new Date(newest).toISOString();
  return generatedAt === meta.metadata.generated_at ? meta : { ...meta, metadata: { ...meta.metadata, generated_at: generatedAt } };
}

function writer(write: FormatWriter['write']): FormatWriter['write'] {
  return (records, meta) => write(records, metaNotOlderThanRecords(records, meta));
}

export const FORMATS: Record<PublicApiFormat, FormatWriter> = {
  json: { contentType: 'application/json; charset=utf-8', extension: 'json', write: writer(writeJson) },
  jsonl: { contentType: 'application/x-ndjson; charset=utf-8', extension: 'jsonl', write: writer(writeJsonl) },
  // header=present is the RFC 4180 parameter telling readers the first row names the columns.
  csv: { contentType: 'text/csv; charset=utf-8; header=present', extension: 'csv', write: writer(writeCsv) },
  xml: { contentType: 'application/xml; charset=utf-8', extension: 'xml', write: writer(writeXml) },
  rss: { contentType: 'application/rss+xml; charset=utf-8', extension: 'rss', write: writer(writeRss) },
};

/** Download name for one day's export, e.g. ai-art-ledger-2026-11-22.csv (date in UTC). */
export function downloadFilename(format: PublicApiFormat, at: Date = new Date()): string {
  return `ai-art-ledger-${at.toISOString().slice(0, 10)}.${FORMATS[format].extension}`;
}

/**
 * Content-Disposition header value: a file download, except the RSS feed, which browsers and
 * feed readers should show in place (its name is still offered for saving).
 */
export function contentDisposition(format: PublicApiFormat, at: Date = new Date()): string {
  return `${format === 'rss' ? 'inline' : 'attachment'}; filename="${downloadFilename(format, at)}"`;
}
