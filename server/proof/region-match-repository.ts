// The lookup by the crop-tolerant fingerprint (migration 017, server/image/region-hashes.ts):
// the views a copy is looked up by, against every view kept with registered works, one statement
// for all of them. The wide band indexes of migration 038 name the candidates (nothing within the
// distance can be missed, see REGION_BANDS in fingerprint-bands.ts), the exact distance decides,
// and only views of the same kind are compared. Every field returned is read from
// public_submissions (decision 0017).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/types';
import type { RegionKind } from '../image';
import { asSignedBigint, bandProbeArrays, REGION_BANDS } from '../works/fingerprint-bands';
import { bandExpressions, closestPublicWorks, toMatchRows, type HashMatchRow } from './lookup-batch-repository';

/** One view of query number `query` (several views share a query number: one picture). */
export interface RegionProbe {
  query: number;
  kind: RegionKind;
  hash: string;
}

/** Kept as int in the indexes of migration 038 (22 bits at most), so compared as int here too. */
const BAND_EXPRESSIONS = bandExpressions('r.hash', REGION_BANDS).map((band) => sql<number>`(${band})::int`);

/**
 * The stored views of the same kind whose band is within the radius of a probe's, as
 * (probe, submission_id, hash); probe i is the position in `probes`. One index probe per band
 * value: OFFSET 0 keeps the planner from flattening the lateral subquery into a join that reads
 * every view (what the statement of migration 017 did, 9 s at a million works).
 */
export function regionCandidates(probes: readonly RegionProbe[], maxDistance: number): RawBuilder<unknown> {
  const bands = bandProbeArrays(
    probes.map((probe, i) => ({ query: i, hash: probe.hash })),
    maxDistance,
    REGION_BANDS,
  );
  const selects = bands.flatMap((band, i) =>
    band.queries.length === 0
      ? []
      : [
          sql`SELECT b.probe, r.submission_id, r.hash
              FROM unnest(${band.queries}::int[], ${band.queries.map((q) => probes[q].kind)}::text[], ${band.values}::int[])
                AS b(probe, kind, value)
              CROSS JOIN LATERAL (
                SELECT r.submission_id, r.hash FROM image_region_hashes r
                WHERE ${BAND_EXPRESSIONS[i]} = b.value AND r.kind = b.kind::"char" OFFSET 0
              ) AS r`,
        ],
  );
  return sql.join(selects, sql` UNION `);
}

/**
 * Per query, each work with a view within `maxDistance` bits of one of its probe views of the
 * same kind, with the closest such distance: rows (query, submission_id, distance).
 */
export function closeRegionViews(probes: readonly RegionProbe[], maxDistance: number): RawBuilder<unknown> {
  const signed = probes.map((p) => asSignedBigint(p.hash));
  return sql`
    SELECT p.query, c.submission_id, min(bit_count((c.hash # p.hash)::bit(64)))::int AS distance
    FROM (${regionCandidates(probes, maxDistance)}) AS c
    JOIN unnest(${probes.map((p) => p.query)}::int[], ${signed}::bigint[]) WITH ORDINALITY AS p(query, hash, probe)
      ON p.probe - 1 = c.probe
    WHERE bit_count((c.hash # p.hash)::bit(64)) <= ${maxDistance}
    GROUP BY p.query, c.submission_id`;
}

/**
 * Public works with a view within `maxDistance` bits of a probe view of the same kind; per
 * query at most `perQuery`, each work once with its closest view, closest first, then oldest.
 */
export async function publicWorksNearRegionHashes(
  db: Kysely<DB>,
  probes: readonly RegionProbe[],
  maxDistance: number,
  perQuery: number,
): Promise<HashMatchRow[]> {
  if (probes.length === 0) return [];
  const result = await sql<HashMatchRow>`
    WITH close AS (${closeRegionViews(probes, maxDistance)})
    ${closestPublicWorks(perQuery)}`.execute(db);
  return toMatchRows(result.rows);
}
