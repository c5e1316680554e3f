// Sends the uploaded rows of a batch to POST /api/submissions/batch, a few works per request, so
// each row's registration shows as it happens. Each work is registered on its own by the server;
// the answer says, per work, what became of it.
import type { BatchSubmissionResult } from '#core/api-types';
import type { SubmissionBodyInput } from '#core/schemas';
import { apiPost, errorMessage } from '../../../lib/api';
import type { BatchRow, RowRegistration } from './useBatchRows';

export const BATCH_PATH = '/api/submissions/batch';
// Small enough that rows turn 'registered' steadily, large enough to keep requests few.
const WORKS_PER_REQUEST = 5;

/** What every row shares: the wizard's body without the per-work fields. */
export type SharedFields = Omit<Partial<SubmissionBodyInput>, 'upload_id' | 'title' | 'prompt'>;

export function itemOf(row: BatchRow): { upload_id: string; title: string; prompt: string | null } {
  if (row.upload.status !== 'done') throw new Error(`row ${row.key} is not uploaded`);
  return { upload_id: row.upload.result.upload_id, title: row.title, prompt: row.prompt.trim() ? row.prompt : null };
}

export async function registerRows(
  rows: readonly BatchRow[],
  shared: SharedFields,
  onRow: (key: string, registration: RowRegistration) => void,
): Promise<number> {
  let registered = 0;
  for (let start = 0; start < rows.length; start += WORKS_PER_REQUEST) {
    const chunk = rows.slice(start, start + WORKS_PER_REQUEST);
    for (const row of chunk) onRow(row.key, { status: 'registering' });
    let result: BatchSubmissionResult;
    try {
      result = await apiPost<BatchSubmissionResult>(BATCH_PATH, { shared, items: chunk.map(itemOf) });
    } catch (error) {
      // The whole request failed (the daily limit, the network): this chunk and the rest are
      // reported with its reason, and nothing more is sent.
      const message = errorMessage(error);
      for (const row of rows.slice(start)) onRow(row.key, { status: 'failed', message });
      return registered;
    }
    registered += result.registered;
    for (const item of result.results) {
      const row = chunk[item.index];
      onRow(
        row.key,
        item.status === 'registered' ? { status: 'registered', work: item.work } : { status: 'failed', message: item.error.message },
      );
    }
  }
  return registered;
}
