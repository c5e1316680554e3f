// The reads behind "Verify a file": public works with the same image, and public works among the
// ids of close fingerprints. public_submissions only (decision 0017); oldest registration first.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { WORK_SUMMARY_COLUMNS, type WorkSummaryRow } from '../works/work-summary';

export async function publicWorksWithHash(db: Kysely<DB>, sha256: string, limit: number): Promise<WorkSummaryRow[]> {
  return db
    .selectFrom('public_submissions')
    .select(WORK_SUMMARY_COLUMNS)
    .where('image_hash', '=', sha256)
    .orderBy('created_at', 'asc')
    .orderBy('registry_seq', 'asc')
    .limit(limit)
    .execute();
}

/** The public works among `ids` whose image is not the one with `sha256` (those are exact matches). */
export async function publicWorksAmong(
  db: Kysely<DB>,
  ids: readonly string[],
  sha256: string,
  limit: number,
): Promise<WorkSummaryRow[]> {
  return db
    .selectFrom('public_submissions')
    .select(WORK_SUMMARY_COLUMNS)
    .where(sql<boolean>`id = ANY(${[...ids]}::uuid[])`)
    .where((w) => w.or([w('image_hash', 'is', null), w('image_hash', '<>', sha256)]))
    .orderBy('created_at', 'asc')
    .orderBy('registry_seq', 'asc')
    .limit(limit)
    .execute();
}
