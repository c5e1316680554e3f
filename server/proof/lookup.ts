// "Verify a file": which public works carry the same image (same SHA-256) or a visually close
// one (perceptual hash within NEAR_DUPLICATE_MAX_DISTANCE bits, or a crop-tolerant view within
// REGION_MATCH_MAX_DISTANCE: a cropped, slightly turned or framed copy), oldest registration first, so
// a visitor sees who registered it first. Every field shown comes from public_submissions
// (decision 0017); the fingerprint table only names which works are close.
import type { Kysely } from 'kysely';
import type { LookupResponse } from '../../core/api-types';
import type { DB } from '../db/types';
import { REGION_MATCH_MAX_DISTANCE, type RegionHash } from '../image';
import { closeFingerprints } from '../works/works-repository';
import { toWorkSummary } from '../works/work-summary';
import { publicWorksAmong, publicWorksWithHash } from './lookup-repository';
import { publicWorksNearRegionHashes } from './region-match-repository';

/** Enough to show who came first; a popular image could otherwise list thousands of copies. */
export const LOOKUP_MAX_RESULTS = 50;

/** The close works by the crop-tolerant views too (cropped, turned, framed copies), closest view kept. */
async function closeWorks(db: Kysely<DB>, image: { phash: string; regions: readonly RegionHash[] }): Promise<Map<string, number>> {
  const probes = image.regions.map((view) => ({ query: 0, ...view }));
  const [close, byViews] = await Promise.all([
    closeFingerprints(db, image.phash),
    publicWorksNearRegionHashes(db, probes, REGION_MATCH_MAX_DISTANCE, LOOKUP_MAX_RESULTS),
  ]);
  for (const row of byViews) {
    close.set(row.id, Math.min(close.get(row.id) ?? row.distance, row.distance));
  }
  return close;
}

export async function lookupImage(
  db: Kysely<DB>,
  image: { sha256: string; phash: string; regions: readonly RegionHash[] },
): Promise<LookupResponse> {
  // Close hashes come from the fingerprint tables (ids and hashes only); every field shown is
  // read from public_submissions, so a private or removed work never appears. The searches are
  // independent reads: with several connections they run at once.
  const [exact, close] = await Promise.all([publicWorksWithHash(db, image.sha256, LOOKUP_MAX_RESULTS), closeWorks(db, image)]);
  const near = close.size === 0 ? [] : await publicWorksAmong(db, [...close.keys()], image.sha256, LOOKUP_MAX_RESULTS);
  return {
    image_hash: image.sha256,
    exact: exact.map((row) => toWorkSummary(row)),
    near: near.map((row) => ({ ...toWorkSummary(row), distance: close.get(row.id)! })),
  };
}
