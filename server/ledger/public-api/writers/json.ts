import type { WriterMeta } from '../metadata';
import type { PublicApiRecord } from '../record';

/** `{ metadata, data }`: the default format (docs/product.md §3 response metadata). */
export function writeJson(records: readonly PublicApiRecord[], meta: WriterMeta): string {
  return JSON.stringify({ metadata: meta.metadata, data: records });
}
