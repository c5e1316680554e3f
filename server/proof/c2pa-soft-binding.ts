// The C2PA Soft Binding Resolution API over the registry: a soft binding (here a fingerprint of
// the image) names the registered works it matches. Neither of our fingerprints is on the C2PA
// soft binding algorithm list, so both carry a vendor-prefixed name, as the list's naming
// convention (reverse-domain style, with a version) asks of unlisted algorithms.
import type { Kysely } from 'kysely';
import { FIELD_PREFIX } from '../../core/site';
import type { DB } from '../db/types';
import { NEAR_DUPLICATE_MAX_DISTANCE, REGION_MATCH_MAX_DISTANCE, type RegionHash } from '../image';
import { publicWorksNearHashes, publicWorksWithHashes, type HashMatchRow } from './lookup-batch-repository';
import { publicWorksNearRegionHashes } from './region-match-repository';

/** SHA-256 of the file's bytes; the value is the 32-byte digest, base64. */
export const C2PA_ALG_SHA256 = `${FIELD_PREFIX}.sha256.1`;
/** Our 64-bit DCT perceptual hash (server/image/phash.ts); the value is its 8 bytes, big-endian, base64. */
export const C2PA_ALG_PHASH = `${FIELD_PREFIX}.phash-dct64.1`;
export const C2PA_ALGORITHMS = [C2PA_ALG_SHA256, C2PA_ALG_PHASH] as const;
export type C2paAlgorithm = (typeof C2PA_ALGORITHMS)[number];

export const C2PA_DEFAULT_MAX_RESULTS = 10;
export const C2PA_MAX_RESULTS = 50;

const VALUE_BYTES: Record<C2paAlgorithm, number> = { [C2PA_ALG_SHA256]: 32, [C2PA_ALG_PHASH]: 8 };

export function isC2paAlgorithm(alg: string): alg is C2paAlgorithm {
  return (C2PA_ALGORITHMS as readonly string[]).includes(alg);
}

/**
 * The hex hash a base64 value carries, or null when it is not base64 of the algorithm's length.
 * A '+' sent unescaped in a query string arrives as a space, so spaces are read as '+'.
 */
export function decodeBindingValue(alg: C2paAlgorithm, value: string): string | null {
  const text = value.trim().replaceAll(' ', '+');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length !== VALUE_BYTES[alg]) return null;
  // Re-encoding must give the same text: no stray bits after the last whole byte.
  if (bytes.toString('base64').replace(/=+$/, '') !== text.replace(/=+$/, '')) return null;
  return bytes.toString('hex');
}

export interface SoftBindingMatch {
  manifestId: string;
  similarityScore: number;
}

/** 100 for the same bits; one point less for about every 0.64 bits of 64 that differ. */
export function similarityScore(distance: number): number {
  return Math.round((100 * (64 - distance)) / 64);
}

function toMatches(rows: readonly HashMatchRow[], limit: number): SoftBindingMatch[] {
  // Strongest first; a work found both ways keeps its best score.
  const best = new Map<string, number>();
  for (const row of rows) best.set(row.registry_id, Math.max(best.get(row.registry_id) ?? 0, similarityScore(row.distance)));
  return [...best]
    .map(([manifestId, score]) => ({ manifestId, similarityScore: score }))
    .sort((a, b) => b.similarityScore - a.similarityScore)
    .slice(0, limit);
}

/**
 * The public works an image's fingerprints match: the same file, then visually close ones by the
 * whole-picture hash and, when the image itself was sent, by the crop-tolerant views
 * (`regions`, region-hashes.ts), which find cropped, turned and framed copies.
 */
export async function matchFingerprints(
  db: Kysely<DB>,
  fingerprints: { sha256?: string; phash?: string; regions?: readonly RegionHash[] },
  limit: number,
): Promise<SoftBindingMatch[]> {
  const exact = fingerprints.sha256 ? await publicWorksWithHashes(db, [{ query: 0, sha256: fingerprints.sha256 }], limit) : [];
  const near = fingerprints.phash
    ? await publicWorksNearHashes(db, [{ query: 0, phash: fingerprints.phash }], NEAR_DUPLICATE_MAX_DISTANCE, limit)
    : [];
  const regions = fingerprints.regions
    ? await publicWorksNearRegionHashes(
        db,
        fingerprints.regions.map((view) => ({ query: 0, ...view })),
        REGION_MATCH_MAX_DISTANCE,
        limit,
      )
    : [];
  return toMatches([...exact, ...near, ...regions], limit);
}
