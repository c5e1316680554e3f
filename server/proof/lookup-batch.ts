// Bulk lookup (POST /api/lookup/batch): up to LOOKUP_BATCH_MAX_HASHES hashes in one request,
// each a SHA-256 of a file or a 64-bit perceptual hash, answered in input order with the public
// works that match. Set-based statements answer it (lookup-batch-repository.ts), a slice of the
// batch at a time with a turn of the event loop between slices: PGlite runs each statement on
// this thread, and a whole batch in one statement held every other request for seconds (issue 34).
import type { Kysely } from 'kysely';
import { validationFailed } from '../../core/app-error';
import { LOOKUP_BATCH } from '../../core/constants';
import type { DB } from '../db/types';
import { NEAR_DUPLICATE_MAX_DISTANCE } from '../image';
import { probesPerHash } from '../works/fingerprint-bands';
import { proofUrl } from './urls';
import { publicWorksNearHashes, publicWorksWithHashes, type HashMatchRow } from './lookup-batch-repository';
import { LOOKUP_MAX_RESULTS } from './lookup';

export const LOOKUP_BATCH_MAX_HASHES = LOOKUP_BATCH.maxHashes;
/**
 * Exact perceptual-hash equality by default: one band probe per hash, so a full batch stays
 * well under a second. Each extra bit multiplies the probes (distance 10: over 400 per hash).
 */
export const LOOKUP_BATCH_DEFAULT_DISTANCE = 0;
/**
 * Band-index probes one batch may make: a full batch at distance 4 (20 probes per hash). A larger
 * distance is answered for fewer perceptual hashes (distance 10: 428 probes, so 467 hashes).
 */
export const LOOKUP_BATCH_PROBE_BUDGET = 200_000;
/**
 * Band-index probes (or SHA-256 hashes) one statement makes: a few milliseconds of database work,
 * so a request waiting behind a bulk lookup waits for one slice, not for the whole batch. On the
 * embedded database every other statement (/api/health's ping too) queues behind the slice in
 * flight: at 2,000 probes, two lookups running held /api/health for 130-170 ms at p95; at 500,
 * 86 ms on a quiet machine but over 100 ms on a busy one; at 250, under 100 ms there, but 106 to
 * 141 ms on a machine whose CPU ran everything 1.5 to 1.9 times slower; at 125 under 100 ms there,
 * but 122 ms once in a CI run where the whole file took twice its usual time; at 64 the wait is
 * half a slice's again. (Slices sized by measured time were tried: health waited longer, 400 ms,
 * as bigger slices grew.)
 */
const PROBES_PER_STATEMENT = 64;
// 10,000 quoted 64-digit hashes with commas and some spacing fit with room to spare.
export const LOOKUP_BATCH_BODY_LIMIT = 1024 * 1024;

export const SHA256_PATTERN = /^[0-9a-fA-F]{64}$/;
export const PHASH_PATTERN = /^[0-9a-fA-F]{16}$/;

export interface BatchMatch {
  registry_id: string;
  id: string;
  proof_url: string;
  sha256: string | null;
  phash: string | null;
  distance: number;
}

export interface BatchLookupResult {
  max_distance: number;
  results: { hash: string; kind: 'sha256' | 'phash'; matches: BatchMatch[] }[];
}

/** Refuses (400) more perceptual hashes than one request may probe at `maxDistance`. */
export function assertWithinProbeBudget(perceptualHashes: number, maxDistance: number): void {
  const probes = probesPerHash(maxDistance);
  if (perceptualHashes * probes <= LOOKUP_BATCH_PROBE_BUDGET) return;
  const most = Math.floor(LOOKUP_BATCH_PROBE_BUDGET / probes);
  throw validationFailed(
    `With max_distance ${maxDistance}, send at most ${most.toLocaleString('en')} perceptual hashes per request ` +
      `(this one has ${perceptualHashes.toLocaleString('en')}).`,
  );
}

export async function lookupHashes(
  db: Kysely<DB>,
  siteUrl: string,
  input: { hashes: readonly string[]; maxDistance?: number },
): Promise<BatchLookupResult> {
  const maxDistance = input.maxDistance ?? LOOKUP_BATCH_DEFAULT_DISTANCE;
  const hashes = input.hashes.map((h) => h.toLowerCase());
  const exact: { query: number; sha256: string }[] = [];
  const perceptual: { query: number; phash: string }[] = [];
  hashes.forEach((hash, query) => {
    if (hash.length === 64) exact.push({ query, sha256: hash });
    else perceptual.push({ query, phash: hash });
  });
  const probes = probesPerHash(maxDistance);
  assertWithinProbeBudget(perceptual.length, maxDistance);
  const byQuery = new Map<number, HashMatchRow[]>();
  const keep = (rows: readonly HashMatchRow[]) => {
    for (const row of rows) {
      const list = byQuery.get(row.query);
      if (list) list.push(row);
      else byQuery.set(row.query, [row]);
    }
  };
  for (const slice of slices(exact, PROBES_PER_STATEMENT)) {
    keep(await publicWorksWithHashes(db, slice, LOOKUP_MAX_RESULTS));
    await nextTurn();
  }
  const distance = Math.min(maxDistance, NEAR_DUPLICATE_MAX_DISTANCE);
  for (const slice of slices(perceptual, Math.max(1, Math.floor(PROBES_PER_STATEMENT / probes)))) {
    keep(await publicWorksNearHashes(db, slice, distance, LOOKUP_MAX_RESULTS));
    await nextTurn();
  }
  return {
    max_distance: maxDistance,
    results: hashes.map((hash, query) => ({
      hash,
      kind: hash.length === 64 ? 'sha256' : 'phash',
      matches: (byQuery.get(query) ?? []).map((row) => ({
        registry_id: row.registry_id,
        id: row.id,
        proof_url: proofUrl(siteUrl, row.registry_id),
        sha256: row.image_hash,
        phash: row.image_phash,
        distance: row.distance,
      })),
    })),
  };
}

/** Lets the event loop answer what waits (other requests, timers) before the next slice. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function* slices<T>(items: readonly T[], size: number): Generator<readonly T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}
