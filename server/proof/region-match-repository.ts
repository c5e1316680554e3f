// The lookup by the crop-tolerant fingerprint (migration 017, server/image/region-hashes.ts):
// the views a copy is looked up by, against every view kept with registered works, one statement
// for all of them. Band indexes name the candidates (nothing within the distance can be missed,
// see fingerprint-bands.ts), the exact distance decides, and only views of the same kind are
// compared. Every field returned is read from public_submissions (decision 0017).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/types';
import type { RegionKind } from '../image';
import { asSignedBigint, bandProbeArrays } from '../works/fingerprint-bands';
import { bandExpressions, closestPublicWorks, toMatchRows, type HashMatchRow } from './lookup-batch-repository';

/** One view of query number `query` (several views share a query number: one picture). */
export interface RegionProbe {
  query: number;
  kind: RegionKind;
  hash: string;
}

const BAND_EXPRESSIONS = bandExpressions('r.hash');

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
  // Probe i is named by its position, so a candidate knows which view (and kind) found it.
  const bands = bandProbeArrays(
    probes.map((probe, i) => ({ query: i, hash: probe.hash })),
    maxDistance,
  );
  const candidates: RawBuilder<unknown>[] = bands.flatMap((band, i) =>
    band.queries.length === 0
      ? []
      : [
          sql`SELECT b.probe, r.submission_id, r.kind, r.hash
              FROM unnest(${band.queries}::int[], ${band.values}::bigint[]) AS b(probe, value)
              JOIN image_region_hashes r ON ${BAND_EXPRESSIONS[i]} = b.value`,
        ],
  );
  const signed = probes.map((p) => asSignedBigint(p.hash));
  const result = await sql<HashMatchRow>`
    WITH p AS (
      SELECT probe - 1 AS probe, query, kind::"char" AS kind, hash
      FROM unnest(${probes.map((p) => p.query)}::int[], ${probes.map((p) => p.kind)}::text[], ${signed}::bigint[])
        WITH ORDINALITY AS p(query, kind, hash, probe)
    ),
    close AS (
      SELECT p.query, c.submission_id, min(bit_count((c.hash # p.hash)::bit(64)))::int AS distance
      FROM (${sql.join(candidates, sql` UNION `)}) AS c
      JOIN p ON p.probe = c.probe AND p.kind = c.kind
      WHERE bit_count((c.hash # p.hash)::bit(64)) <= ${maxDistance}
      GROUP BY p.query, c.submission_id
    )
    ${closestPublicWorks(perQuery)}`.execute(db);
  return toMatchRows(result.rows);
}
