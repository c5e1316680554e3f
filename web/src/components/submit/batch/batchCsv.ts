// The batch's summary as CSV: one line per chosen file, with its Registry ID and proof page when
// it was registered, or why not.
import { stringify } from 'csv-stringify/browser/esm/sync';
import type { BatchRow } from './useBatchRows';

export function batchCsv(rows: readonly BatchRow[]): string {
  const records = rows.map((row) => {
    const reg = row.registration;
    if (reg.status === 'registered') {
      return [row.fileName, row.title, reg.work.registry_id, reg.work.trust_meter, reg.work.status, reg.work.verify_url, ''];
    }
    const problem = row.upload.status === 'error' ? row.upload.message : reg.status === 'failed' ? reg.message : 'Not registered';
    return [row.fileName, row.title, '', '', '', '', problem];
  });
  return stringify(records, {
    header: true,
    columns: ['file', 'title', 'registry_id', 'trust_score', 'status', 'proof_url', 'error'],
  });
}
