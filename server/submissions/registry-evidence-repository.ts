// The database source of registry evidence (registry-evidence.ts): each signal answered by SQL
// over submissions and the fingerprint table, live works only. Also the read that fills the
// seed's memory index (registry-index.ts) with the works already registered.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { IDENTITY_WORKS_COUNTED_UP_TO, SHARED_LINK_WORKS_COUNTED_UP_TO } from '../../core/constants';
import type { DB } from '../db/types';
import { closeFingerprintsOfEach } from '../works/works-repository';
import { MAX_NEAR_DUPLICATES, type NearDuplicate, type NearDuplicateQuery } from './near-duplicates';
import type { ExactDuplicates, RegistryEvidenceSource, RegistryQuery, RegistrySignals } from './registry-evidence';
import type { IndexedWork } from './registry-index';

/** A value of a query, or the SQL expression holding it (a column of a batch's `unnest`). */
export type SqlOf<T> = T | RawBuilder<T>;

function beforeClause(beforeSeq: SqlOf<number> | undefined) {
  return beforeSeq === undefined ? sql`` : sql`AND registry_seq < ${beforeSeq}`;
}

/** A live work with the image's SHA-256, and whether its artist is the registering one. */
export interface ExactCopy {
  id: string;
  same_artist: boolean;
}

/**
 * The live works with the same SHA-256, in registry order, as a JSON array of ExactCopy: cheap
 * (indexed), so it can be read in a statement of its own or alongside another one.
 */
export function exactCopiesSql(q: {
  imageHash: SqlOf<string>;
  artistName: SqlOf<string>;
  beforeSeq?: SqlOf<number>;
}): RawBuilder<ExactCopy[]> {
  return sql<ExactCopy[]>`(
    SELECT coalesce(json_agg(json_build_object('id', id, 'same_artist', lower(artist_name) = lower(${q.artistName})) ORDER BY registry_seq), '[]')
    FROM submissions
    WHERE image_hash = ${q.imageHash} AND deleted_at IS NULL AND purged_at IS NULL ${beforeClause(q.beforeSeq)})`;
}

/** The exact-copies signal of the copies found by exactCopiesSql. */
export function toExactDuplicates(copies: readonly ExactCopy[]): ExactDuplicates {
  const others = copies.filter((c) => !c.same_artist);
  return {
    exactDuplicateOfOtherArtist: others.length > 0,
    exactDuplicateOfSameArtist: copies.some((c) => c.same_artist),
    duplicateOf: others[0]?.id ?? null,
  };
}

export async function findExactDuplicates(
  db: Kysely<DB>,
  q: Pick<RegistryQuery, 'imageHash' | 'artistName' | 'beforeSeq'>,
): Promise<ExactDuplicates> {
  const result = await sql<{ copies: ExactCopy[] }>`SELECT ${exactCopiesSql(q)} AS copies`.execute(db);
  return toExactDuplicates(result.rows[0].copies);
}

/** Earlier live works of other artists within NEAR_DUPLICATE_MAX_DISTANCE bits, nearest first. */
export async function findNearDuplicates(db: Kysely<DB>, q: NearDuplicateQuery): Promise<NearDuplicate[]> {
  return (await findNearDuplicatesOfEach(db, [q]))[0];
}

/**
 * findNearDuplicates for several works (a re-scoring batch), in the order given: the close
 * fingerprints of all of them found together, then one statement keeps the live works of other
 * artists, earlier than each (every work finds its own fingerprint; that statement drops it).
 */
export async function findNearDuplicatesOfEach(db: Kysely<DB>, queries: readonly NearDuplicateQuery[]): Promise<NearDuplicate[][]> {
  const close = await closeFingerprintsOfEach(
    db,
    queries.map((q) => q.phash),
  );
  const candidates = queries.flatMap((q, query) => [...close[query].keys()].map((id) => ({ query, id, q })));
  const found = queries.map(() => [] as { id: string; distance: number; seq: number }[]);
  if (candidates.length === 0) return found;
  const { rows } = await sql<{ query: number; id: string; registry_seq: string }>`
    SELECT c.query, s.id, s.registry_seq
    FROM unnest(
      ${candidates.map((c) => c.query)}::int[],
      ${candidates.map((c) => c.id)}::uuid[],
      ${candidates.map((c) => c.q.artistName)}::text[],
      ${candidates.map((c) => c.q.imageHash)}::text[],
      ${candidates.map((c) => (c.q.beforeSeq === undefined ? null : String(c.q.beforeSeq)))}::bigint[]
    ) AS c(query, id, artist, image_hash, before_seq)
    JOIN submissions s ON s.id = c.id
    WHERE s.deleted_at IS NULL AND s.purged_at IS NULL
      AND lower(s.artist_name) <> lower(c.artist)
      AND s.image_hash IS DISTINCT FROM c.image_hash
      AND (c.before_seq IS NULL OR s.registry_seq < c.before_seq)`.execute(db);
  for (const row of rows)
    found[row.query].push({ id: row.id, distance: close[row.query].get(row.id)!, seq: Number(row.registry_seq) });
  return found.map((works) =>
    works
      .sort((a, b) => a.distance - b.distance || a.seq - b.seq)
      .slice(0, MAX_NEAR_DUPLICATES)
      .map(({ id, distance }) => ({ id, distance })),
  );
}

/** The name's claimant (lower-case address), or undefined while nobody claimed it. */
export async function findClaimant(db: Kysely<DB>, artistName: string): Promise<string | undefined> {
  const { rows } = await sql<{ claimant_email: string }>`
    SELECT claimant_email FROM artist_claims WHERE artist_key = lower(${artistName})`.execute(db);
  return rows[0]?.claimant_email;
}

function beforeOn(column: RawBuilder<unknown>, beforeSeq: SqlOf<number> | undefined) {
  return beforeSeq === undefined ? sql`` : sql`AND ${column} < ${beforeSeq}`;
}

/** The artist-works question in SQL: values of one query, or columns of a batch's rows. */
export interface ArtistWorksSql {
  artistName: SqlOf<string>;
  ownerEmail: SqlOf<string>;
  beforeSeq?: SqlOf<number>;
  /** A set of distinct profile links, as a FROM item whose one column is named `link`. */
  links: RawBuilder<unknown>;
}

/** The bounds the artist-works counts stop at (lowered by tests only). */
export const ARTIST_WORKS_COUNTED_UP_TO = { works: IDENTITY_WORKS_COUNTED_UP_TO, shared: SHARED_LINK_WORKS_COUNTED_UP_TO };

/**
 * The claimant's live works under the name (before `beforeSeq` when re-scoring), counted up to
 * `countUpTo` and one more: an index range of migration 026 cut at the bound.
 */
function identityWorksSql(q: ArtistWorksSql, countUpTo: number): RawBuilder<string> {
  return sql<string>`(
    SELECT count(*) FROM (
      SELECT 1 FROM submissions
      WHERE lower(artist_name) = lower(${q.artistName}) AND lower(author_email) = lower(${q.ownerEmail})
        AND deleted_at IS NULL AND purged_at IS NULL ${beforeOn(sql`registry_seq`, q.beforeSeq)}
      LIMIT ${countUpTo + 1}) AS own)`;
}

/** The claimant's works that share one of `links`, counted up to `countUpTo` and one more. */
function sharedWorksSql(q: ArtistWorksSql, countUpTo: number): RawBuilder<string> {
  // Each link's works are an index range (migration 022) read in order and cut at the bound, so
  // the count is exact up to it; works of other addresses under the name are passed over.
  return sql<string>`(
    SELECT least(${countUpTo + 1}, count(DISTINCT shared.submission_id))
    FROM ${q.links}
    CROSS JOIN LATERAL (
      SELECT l.submission_id FROM artist_work_links l
      JOIN submissions s ON s.id = l.submission_id AND lower(s.author_email) = lower(${q.ownerEmail})
      WHERE l.artist_key = lower(${q.artistName}) AND l.link_hash = sha256(convert_to(link, 'UTF8'))
        ${beforeOn(sql`l.registry_seq`, q.beforeSeq)}
      ORDER BY l.submission_id
      LIMIT ${countUpTo + 1}) AS shared)`;
}

/**
 * The artist-works signal for `q` (rubric v2, decision 0061): who claimed the name, and, for the
 * claimant only, their other works and the ones sharing a profile link. `countUpTo` is lowered by
 * tests only.
 */
export async function findArtistWorks(
  db: Kysely<DB>,
  q: RegistryQuery,
  countUpTo = ARTIST_WORKS_COUNTED_UP_TO,
): Promise<RegistrySignals['artistWorks']> {
  const claimant = await findClaimant(db, q.artistName);
  if (claimant !== q.ownerEmail.toLowerCase()) return notTheClaimant(claimant);
  const result = await sql<{ works: string; sharing: string }>`
    SELECT ${artistWorksColumns({ ...q, links: sql`unnest(${[...new Set(q.profileLinks)]}::text[]) AS link` }, countUpTo)}`.execute(
    db,
  );
  return claimantWorks(result.rows[0]);
}

/** The artist-works signal of a work whose address is not the name's claimant (`undefined`: unclaimed). */
export function notTheClaimant(claimant: string | undefined): RegistrySignals['artistWorks'] {
  return {
    nameClaim: claimant === undefined ? 'unclaimed' : 'another_identity',
    artistOtherWorksCount: 0,
    sharedProfileLinksWithOwnWorks: 0,
  };
}

/** The claimant's two counts as columns `works` and `sharing` of a SELECT. */
export function artistWorksColumns(q: ArtistWorksSql, countUpTo = ARTIST_WORKS_COUNTED_UP_TO): RawBuilder<unknown> {
  return sql`${identityWorksSql(q, countUpTo.works)} AS works, ${sharedWorksSql(q, countUpTo.shared)} AS sharing`;
}

/** The artist-works signal of the claimant's work, from the columns of artistWorksColumns. */
export function claimantWorks(row: { works: string; sharing: string }): RegistrySignals['artistWorks'] {
  return {
    nameClaim: 'this_identity',
    artistOtherWorksCount: Number(row.works),
    sharedProfileLinksWithOwnWorks: Number(row.sharing),
  };
}

/** Registry evidence read from the database `db` (a transaction or the pool). */
export function databaseRegistryEvidence(db: Kysely<DB>): RegistryEvidenceSource {
  return {
    exactDuplicates: (q) => findExactDuplicates(db, q),
    nearDuplicates: async (q) => ({
      nearDuplicatesOfOtherArtists: q.phash
        ? await findNearDuplicates(db, { phash: q.phash, artistName: q.artistName, imageHash: q.imageHash, beforeSeq: q.beforeSeq })
        : [],
    }),
    artistWorks: (q) => findArtistWorks(db, q),
  };
}

/** Every claimed name (lower case) with its claimant's address: the seed's memory index reads them. */
export async function readClaims(db: Kysely<DB>): Promise<Map<string, string>> {
  const rows = await db.selectFrom('artist_claims').select(['artist_key', 'claimant_email']).execute();
  return new Map(rows.map((r) => [r.artist_key, r.claimant_email]));
}

/** The live works registered after registry number `afterSeq`, in registry order, with every link they name. */
export async function readLiveWorksAfter(db: Kysely<DB>, afterSeq: number): Promise<IndexedWork[]> {
  const rows = await sql<{
    id: string;
    registry_seq: string;
    image_hash: string | null;
    image_phash: string | null;
    artist_name: string;
    owner_email: string;
    links: string[];
  }>`
    SELECT id, registry_seq, image_hash, image_phash, artist_name, lower(author_email) AS owner_email,
      array_remove(ARRAY[portfolio_link, external_link], NULL)
        || coalesce((SELECT array_agg(r->>'url') FROM jsonb_array_elements(verification_resources) r WHERE r->>'url' IS NOT NULL), '{}') AS links
    FROM submissions
    WHERE registry_seq > ${afterSeq} AND deleted_at IS NULL AND purged_at IS NULL
    ORDER BY registry_seq`.execute(db);
  return rows.rows.map((r) => ({
    id: r.id,
    seq: Number(r.registry_seq),
    imageHash: r.image_hash,
    phash: r.image_phash,
    artistName: r.artist_name,
    ownerEmail: r.owner_email,
    links: r.links,
  }));
}
