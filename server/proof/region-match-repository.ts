// The lookup by the crop-tolerant fingerprint (migration 017, server/image/region-hashes.ts):
// the views a copy is looked up by, against every view kept with registered works, a statement a
// band for all of them (run at once), then one for the public works found. The wide band indexes
// of migration 038 name the candidates (nothing within the distance can be missed, see
// REGION_BANDS in fingerprint-bands.ts), the exact distance decides, and only views of the same
// kind are compared. The indexes carry the hash, not the work (migration 041): only the views
// within the distance are read from the table for their work. Every field returned is read from
// public_submissions (decision 0017).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/types';
import type { RegionKind } from '../image';
import { asSignedBigint, bandRadii, REGION_BANDS, valuesWithin } from '../works/fingerprint-bands';
import { bandExpressions, closestPublicWorks, toMatchRows, type HashMatchRow } from './lookup-batch-repository';

/** One view of query number `query` (several views share a query number: one picture). */
export interface RegionProbe {
  query: number;
  kind: RegionKind;
  hash: string;
}

/** Kept as int in the indexes of migration 038 (22 bits at most), so compared as int here too. */
const BAND_EXPRESSIONS = bandExpressions('r.hash', REGION_BANDS).map((band) => sql<number>`(${band})::int`);
/** The same bands of a close view's row in the table, read for its work. */
const WORK_BAND_EXPRESSIONS = bandExpressions('w.hash', REGION_BANDS).map((band) => sql<number>`(${band})::int`);
/** The same bands of a probe's hash, computed where the statement runs. */
const PROBE_BAND_EXPRESSIONS = bandExpressions('p.hash', REGION_BANDS).map((band) => sql<number>`(${band})::int`);

/**
 * Per band, the bit masks a close view's band may differ from a probe's by: every value with at
 * most the band's radius of bits set (232 for 21 bits within 2), none when the band is not needed.
 */
function bandMasks(maxDistance: number): number[][] {
  return bandRadii(maxDistance, REGION_BANDS).map((radius, band) => valuesWithin(0, radius, REGION_BANDS.widths[band]));
}

/**
 * The stored views of the same kind whose band `band` is within the radius of a probe's, as a
 * FROM item with columns b.probe (1 for the first of `probes`), b.query, b.kind, b.hash (the
 * probe's), b.value (the band value probed) and r.hash (the stored view's). PostgreSQL computes
 * the band values from the probes' hashes and the masks: a statement sends a lookup's three
 * hashes and one array of masks, not 700 values and the probe of each, which cost the server
 * about a sixth of its own time on a lookup to write as text and collect (decision 0085). It
 * sorts them in key order and probes each with its own index descent: OFFSET 0 keeps the planner
 * from flattening the lateral subquery into a join that reads every view (what the statement of
 * migration 017 did, 9 s at a million works).
 */
function viewsInBand(probes: readonly RegionProbe[], band: number, masks: readonly number[]): RawBuilder<unknown> {
  const signed = probes.map((p) => asSignedBigint(p.hash));
  return sql`(
      SELECT p.probe, p.query, p.kind, p.hash, ${PROBE_BAND_EXPRESSIONS[band]} # m.mask AS value
      FROM unnest(${probes.map((p) => p.query)}::int[], ${probes.map((p) => p.kind)}::text[], ${signed}::bigint[])
        WITH ORDINALITY AS p(query, kind, hash, probe)
      CROSS JOIN unnest(${masks}::int[]) AS m(mask)
      ORDER BY p.kind, value
    ) AS b
    CROSS JOIN LATERAL (
      SELECT r.hash FROM image_region_hashes r
      WHERE ${BAND_EXPRESSIONS[band]} = b.value AND r.kind = b.kind::"char" OFFSET 0
    ) AS r`;
}

/** The bands a search within `maxDistance` probes, each with its masks. */
function probedBands(maxDistance: number): { band: number; masks: number[] }[] {
  return bandMasks(maxDistance).flatMap((masks, band) => (masks.length === 0 ? [] : [{ band, masks }]));
}

/** Every candidate view hash the bands name, before the distance is checked: (probe, hash). */
export function regionCandidates(probes: readonly RegionProbe[], maxDistance: number): RawBuilder<unknown> {
  return sql.join(
    probedBands(maxDistance).map(({ band, masks }) => sql`SELECT b.probe, r.hash FROM ${viewsInBand(probes, band, masks)}`),
    sql` UNION `,
  );
}

/**
 * For each band, a statement naming the stored views it finds within `maxDistance` bits of a
 * probe of the same kind: rows (query, submission_id, distance), each work once per query with
 * its closest view in that band. Bands no probe needs have no statement. The index decides the
 * distance on its own (c); only the close views, each distinct one once, are then found in the
 * table for their works (w), through the same index: a view registered by several works names
 * each of them.
 */
export function closeRegionViewsByBand(probes: readonly RegionProbe[], maxDistance: number): RawBuilder<CloseView>[] {
  const distance = sql`bit_count((r.hash # b.hash)::bit(64))`;
  return probedBands(maxDistance).map(
    ({ band, masks }) => sql<CloseView>`
      SELECT c.query, w.submission_id, min(c.distance)::int AS distance
      FROM (
        SELECT DISTINCT b.query, b.kind, b.value, r.hash, ${distance} AS distance
        FROM ${viewsInBand(probes, band, masks)}
        WHERE ${distance} <= ${maxDistance}
      ) AS c
      CROSS JOIN LATERAL (
        SELECT w.submission_id FROM image_region_hashes w
        WHERE ${WORK_BAND_EXPRESSIONS[band]} = c.value AND w.kind = c.kind::"char" AND w.hash = c.hash OFFSET 0
      ) AS w
      GROUP BY c.query, w.submission_id`,
  );
}

/** A stored view close to a probe: its work and the distance, for the probe's query. */
export interface CloseView {
  query: number;
  submission_id: string;
  distance: number;
}

/**
 * Per query, each work with a view within `maxDistance` bits of one of its probe views of the
 * same kind, with the closest such distance, as one statement: rows (query, submission_id, distance).
 */
export function closeRegionViews(probes: readonly RegionProbe[], maxDistance: number): RawBuilder<CloseView> {
  return sql<CloseView>`
    SELECT query, submission_id, min(distance)::int AS distance
    FROM (${sql.join(closeRegionViewsByBand(probes, maxDistance), sql` UNION ALL `)}) AS by_band
    GROUP BY query, submission_id`;
}

/** Each (query, work) once, with its smallest distance over the bands. */
function closestOverBands(byBand: readonly (readonly CloseView[])[]): CloseView[] {
  const closest = new Map<string, CloseView>();
  for (const row of byBand.flat()) {
    const key = `${row.query} ${row.submission_id}`;
    const kept = closest.get(key);
    if (!kept || row.distance < kept.distance) closest.set(key, { ...row, query: Number(row.query), distance: Number(row.distance) });
  }
  return [...closest.values()];
}

/**
 * Public works with a view within `maxDistance` bits of a probe view of the same kind; per
 * query at most `perQuery`, each work once with its closest view, closest first, then oldest.
 * The bands are searched by statements of their own, at once when `db` has several connections
 * (a lookup's time is its index probes: three statements on two cores take about half as long).
 */
export async function publicWorksNearRegionHashes(
  db: Kysely<DB>,
  probes: readonly RegionProbe[],
  maxDistance: number,
  perQuery: number,
): Promise<HashMatchRow[]> {
  if (probes.length === 0) return [];
  const byBand = await Promise.all(closeRegionViewsByBand(probes, maxDistance).map(async (band) => (await band.execute(db)).rows));
  const close = closestOverBands(byBand);
  if (close.length === 0) return [];
  const result = await sql<HashMatchRow>`
    WITH close AS (
      SELECT * FROM unnest(
        ${close.map((c) => c.query)}::int[], ${close.map((c) => c.submission_id)}::uuid[], ${close.map((c) => c.distance)}::int[]
      ) AS close(query, submission_id, distance))
    ${closestPublicWorks(perQuery)}`.execute(db);
  return toMatchRows(result.rows);
}
