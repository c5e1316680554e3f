// Pure parts of the public read API (docs/product.md §3, §7, §9): query parsing, records, format writers,
// Croissant description and citation. No database or HTTP here; routes live elsewhere.
export { encodeCursor, decodeCursor, type LedgerCursor } from './cursor';
export {
  publicApiQuerySchema,
  parsePublicApiQuery,
  PUBLIC_API_QUERY_CLEANING,
  type PublicApiQuery,
  type ParseResult,
  type PublicApiFormat,
} from './params';
export {
  publicApiRecordSchema,
  toPublicRecord,
  resolveImageUrl,
  type PublicApiRecord,
  type PublicApiPermissions,
  type PublicSubmissionRow,
  type ToPublicRecordOptions,
} from './record';
export { buildMetadata, publicApiMetadataSchema, PUBLIC_API_VERSION, type PublicApiMetadata, type WriterMeta } from './metadata';
export { FORMATS, contentDisposition, downloadFilename, type FormatWriter } from './formats';
export { jsonlLines } from './writers/jsonl';
export { CSV_COLUMNS } from './writers/csv';
export { croissantDescription, DUMP_PATH } from './croissant';
export { datasetCitation, DATASET_NAME, DATASET_LICENSE_URL, DATASET_LICENSE_NOTE } from './citation';
