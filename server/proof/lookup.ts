// "Verify a file": which public works carry the same image (same SHA-256) or a visually close
// one (perceptual hash within NEAR_DUPLICATE_MAX_DISTANCE bits), oldest registration first, so
// a visitor sees who registered it first. Reads only public_submissions (DECISIONS #17).
import { sql, type Kysely } from 'kysely';
import type { LookupResponse } from '../../core/api-types';
import type { DB } from '../db/types';
import { NEAR_DUPLICATE_MAX_DISTANCE } from '../submissions/image';
import { toWorkSummary, WORK_SUMMARY_COLUMNS, type WorkSummaryRow } from '../ledger/work-summary';

/** Enough to show who came first; a popular image could otherwise list thousands of copies. */
export const LOOKUP_MAX_RESULTS = 50;

export async function lookupImage(db: Kysely<DB>, image: { sha256: string; phash: string }): Promise<LookupResponse> {
  const exact = await db
    .selectFrom('public_submissions')
    .select(WORK_SUMMARY_COLUMNS)
    .where('image_hash', '=', image.sha256)
    .orderBy('created_at', 'asc')
    .orderBy('registry_seq', 'asc')
    .limit(LOOKUP_MAX_RESULTS)
    .execute();

  // Hamming distance of two 64-bit hashes in the database: XOR of the bit strings, then count.
  const distance = sql<number>`bit_count(('x' || image_phash)::bit(64) # ('x' || ${image.phash})::bit(64))::int`;
  const near = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('public_submissions')
        .select([...WORK_SUMMARY_COLUMNS, 'registry_seq', distance.as('distance')])
        .where('image_phash', 'is not', null)
        .where((w) => w.or([w('image_hash', 'is', null), w('image_hash', '<>', image.sha256)]))
        .as('candidates'),
    )
    .selectAll()
    .where('distance', '<=', NEAR_DUPLICATE_MAX_DISTANCE)
    .orderBy('created_at', 'asc')
    .orderBy('registry_seq', 'asc')
    .limit(LOOKUP_MAX_RESULTS)
    .execute();

  return {
    image_hash: image.sha256,
    exact: exact.map((row) => toWorkSummary(row)),
    near: near.map((row) => ({ ...toWorkSummary(row as WorkSummaryRow), distance: Number(row.distance) })),
  };
}
