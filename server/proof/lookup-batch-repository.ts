// The set-based reads behind bulk lookups (POST /api/lookup/batch) and the C2PA soft-binding
// queries: many hashes answered by one statement each, never one query per hash. Fingerprints
// only name candidates; every field returned is read from public_submissions, so a private or
// deleted work never appears (decision 0017).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/types';
import { asSignedBigint, bandProbeArrays, bandShift, PHASH_BANDS, type BandLayout } from '../works/fingerprint-bands';

/** One public work matching query number `query` (the index of the hash in the caller's list). */
export interface HashMatchRow {
  query: number;
  id: string;
  registry_id: string;
  image_hash: string | null;
  image_phash: string | null;
  distance: number;
}

/** Public works whose file has one of the SHA-256 hashes; at most `perHash` each, oldest first. */
export async function publicWorksWithHashes(
  db: Kysely<DB>,
  hashes: readonly { query: number; sha256: string }[],
  perHash: number,
): Promise<HashMatchRow[]> {
  if (hashes.length === 0) return [];
  const result = await sql<HashMatchRow>`
    SELECT query, id, registry_id, image_hash, image_phash, 0 AS distance
    FROM (
      SELECT q.query, p.id, p.registry_id, p.image_hash, p.image_phash,
             row_number() OVER (PARTITION BY q.query ORDER BY p.created_at, p.registry_seq) AS rank
      FROM unnest(${hashes.map((h) => h.query)}::int[], ${hashes.map((h) => h.sha256)}::text[]) AS q(query, sha256)
      JOIN public_submissions p ON p.image_hash = q.sha256
    ) AS ranked
    WHERE rank <= ${perHash}
    ORDER BY query, rank`.execute(db);
  return result.rows.map((r) => ({ ...r, query: Number(r.query), distance: 0 }));
}

/**
 * The bands of a 64-bit hash column (`alias.column`) as SQL, written as the index expressions of
 * the migrations are (009 and 017 for the 16-bit bands: `((hash >> 48) & 65535)` … `(hash &
 * 65535)`, 038 for REGION_BANDS), with the numbers as literals, or the planner cannot use
 * those indexes.
 */
export function bandExpressions(column: string, layout: BandLayout = PHASH_BANDS): RawBuilder<number>[] {
  const hash = sql.ref(column);
  return layout.widths.map((width, band) => {
    const shift = bandShift(band, layout);
    const mask = sql.raw(String(2 ** width - 1));
    return shift === 0 ? sql`(${hash} & ${mask})` : sql`((${hash} >> ${sql.raw(String(shift))}) & ${mask})`;
  });
}

const BAND_EXPRESSIONS = bandExpressions('f.phash');

/**
 * The end of a match statement whose CTE `close` holds (query, submission_id, distance): per
 * query, the public works among them, closest first, then oldest, at most `perQuery`.
 */
export function closestPublicWorks(perQuery: number): RawBuilder<HashMatchRow> {
  return sql`
    SELECT query, id, registry_id, image_hash, image_phash, distance
    FROM (
      SELECT close.query, w.id, w.registry_id, w.image_hash, w.image_phash, close.distance,
             row_number() OVER (PARTITION BY close.query ORDER BY close.distance, w.created_at, w.registry_seq) AS rank
      FROM close
      JOIN public_submissions w ON w.id = close.submission_id
    ) AS ranked
    WHERE rank <= ${perQuery}
    ORDER BY query, rank`;
}

/** pg gives counts and bigints back as strings. */
export function toMatchRows(rows: readonly HashMatchRow[]): HashMatchRow[] {
  return rows.map((r) => ({ ...r, query: Number(r.query), distance: Number(r.distance) }));
}

/**
 * Public works whose perceptual hash is within `maxDistance` bits of each 16-hex-digit hash; at
 * most `perHash` each, closest first, then oldest. The band indexes name the candidates (see
 * fingerprint-bands.ts: none within the distance can be missed), the exact distance decides.
 */
export async function publicWorksNearHashes(
  db: Kysely<DB>,
  hashes: readonly { query: number; phash: string }[],
  maxDistance: number,
  perHash: number,
): Promise<HashMatchRow[]> {
  if (hashes.length === 0) return [];
  // Per band, the (query, band value) pairs to probe, sent as two parallel arrays.
  const probes = bandProbeArrays(
    hashes.map(({ query, phash }) => ({ query, hash: phash })),
    maxDistance,
  );
  const candidates: RawBuilder<unknown>[] = probes.flatMap((p, band) =>
    p.queries.length === 0
      ? []
      : [
          // One index probe per value: OFFSET 0 keeps the planner from flattening the lateral
          // subquery into a hash join that reads every fingerprint, which for a slice of a batch
          // (lookup-batch.ts) costs far more than its few hundred probes.
          sql`SELECT p.query, f.submission_id, f.phash
              FROM unnest(${p.queries}::int[], ${p.values}::bigint[]) AS p(query, value)
              CROSS JOIN LATERAL (
                SELECT f.submission_id, f.phash FROM image_fingerprints f WHERE ${BAND_EXPRESSIONS[band]} = p.value OFFSET 0
              ) AS f`,
        ],
  );
  const signed = hashes.map((h) => asSignedBigint(h.phash));
  const result = await sql<HashMatchRow>`
    WITH q AS (
      SELECT * FROM unnest(${hashes.map((h) => h.query)}::int[], ${signed}::bigint[]) AS q(query, phash)
    ),
    close AS (
      SELECT c.query, c.submission_id, bit_count((c.phash # q.phash)::bit(64))::int AS distance
      FROM (${sql.join(candidates, sql` UNION `)}) AS c
      JOIN q ON q.query = c.query
      WHERE bit_count((c.phash # q.phash)::bit(64)) <= ${maxDistance}
    )
    ${closestPublicWorks(perHash)}`.execute(db);
  return toMatchRows(result.rows);
}
