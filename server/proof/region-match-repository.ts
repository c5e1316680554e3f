// The lookup by the crop-tolerant fingerprint (migration 017, server/image/region-hashes.ts):
// the views a copy is looked up by, against every view kept with registered works, one statement
// for all of them. Band indexes name the candidates (nothing within the distance can be missed,
// see fingerprint-bands.ts), the exact distance decides, and only views of the same kind are
// compared. Every field returned is read from public_submissions (decision 0017).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/types';
import type { RegionKind } from '../image';
import { bandProbeArrays } from '../works/fingerprint-bands';
import { bandExpressions, type HashMatchRow } from './lookup-batch-repository';

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
  // The table stores each hash as a signed 64-bit number.
  const signed = probes.map((p) => BigInt.asIntN(64, BigInt(`0x${p.hash}`)).toString());
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
    SELECT query, id, registry_id, image_hash, image_phash, distance
    FROM (
      SELECT close.query, w.id, w.registry_id, w.image_hash, w.image_phash, close.distance,
             row_number() OVER (PARTITION BY close.query ORDER BY close.distance, w.created_at, w.registry_seq) AS rank
      FROM close
      JOIN public_submissions w ON w.id = close.submission_id
    ) AS ranked
    WHERE rank <= ${perQuery}
    ORDER BY query, rank`.execute(db);
  return result.rows.map((r) => ({ ...r, query: Number(r.query), distance: Number(r.distance) }));
}
