// "Verify a file": which public works carry the same image (same SHA-256) or a visually close
// one (perceptual hash within NEAR_DUPLICATE_MAX_DISTANCE bits), oldest registration first, so
// a visitor sees who registered it first. Every field shown comes from public_submissions
// (decision 0017); the fingerprint table only names which works are close.
import type { Kysely } from 'kysely';
import type { LookupResponse } from '../../core/api-types';
import type { DB } from '../db/types';
import { closeFingerprints } from '../works/works-repository';
import { toWorkSummary } from '../works/work-summary';
import { publicWorksAmong, publicWorksWithHash } from './lookup-repository';

/** Enough to show who came first; a popular image could otherwise list thousands of copies. */
export const LOOKUP_MAX_RESULTS = 50;

export async function lookupImage(db: Kysely<DB>, image: { sha256: string; phash: string }): Promise<LookupResponse> {
  const exact = await publicWorksWithHash(db, image.sha256, LOOKUP_MAX_RESULTS);
  // Close hashes come from the fingerprint table (ids and hashes only); every field shown is
  // read from public_submissions, so a private or removed work never appears.
  const close = await closeFingerprints(db, image.phash);
  const near = close.size === 0 ? [] : await publicWorksAmong(db, [...close.keys()], image.sha256, LOOKUP_MAX_RESULTS);
  return {
    image_hash: image.sha256,
    exact: exact.map((row) => toWorkSummary(row)),
    near: near.map((row) => ({ ...toWorkSummary(row), distance: close.get(row.id)! })),
  };
}
