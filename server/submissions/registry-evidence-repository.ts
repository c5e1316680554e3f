// The database source of registry evidence (registry-evidence.ts): each signal answered by SQL
// over submissions and the fingerprint table, live works only. Also the read that fills the
// seed's memory index (registry-index.ts) with the works already registered.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { SHARED_LINK_WORKS_COUNTED_UP_TO } from '../../core/constants';
import type { DB } from '../db/types';
import { closeFingerprints } from '../works/works-repository';
import { MAX_NEAR_DUPLICATES, type NearDuplicate, type NearDuplicateQuery } from './near-duplicates';
import type { ExactDuplicates, RegistryEvidenceSource, RegistryQuery, RegistrySignals } from './registry-evidence';
import type { IndexedWork } from './registry-index';

function beforeClause(beforeSeq: number | undefined) {
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
export function exactCopiesSql(q: Pick<RegistryQuery, 'imageHash' | 'artistName' | 'beforeSeq'>): RawBuilder<ExactCopy[]> {
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
  const close = await closeFingerprints(db, q.phash);
  if (close.size === 0) return [];
  let works = db
    .selectFrom('submissions')
    .select(['id', 'registry_seq'])
    .where(sql<boolean>`id = ANY(${[...close.keys()]}::uuid[])`)
    .where('deleted_at', 'is', null)
    .where('purged_at', 'is', null)
    .where(sql<boolean>`lower(artist_name) <> lower(${q.artistName})`)
    .where(sql<boolean>`image_hash IS DISTINCT FROM ${q.imageHash}`);
  if (q.beforeSeq !== undefined) works = works.where('registry_seq', '<', String(q.beforeSeq));
  return (await works.execute())
    .map((w) => ({ id: w.id, distance: close.get(w.id)!, seq: Number(w.registry_seq) }))
    .sort((a, b) => a.distance - b.distance || a.seq - b.seq)
    .slice(0, MAX_NEAR_DUPLICATES)
    .map(({ id, distance }) => ({ id, distance }));
}

/** The artist's works that share one of `links`, counted up to `countUpTo` and one more. */
function sharedWorksSql(artistName: string, links: readonly string[], countUpTo: number, beforeSeq?: number): RawBuilder<string> {
  // Each link's works are an index range read in order and cut at the bound, so the count is
  // exact up to it, and a link with more works than the bound makes it "more" by itself.
  const before = beforeSeq === undefined ? sql`` : sql`AND l.registry_seq < ${beforeSeq}`;
  return sql<string>`(
    SELECT least(${countUpTo + 1}, count(DISTINCT shared.submission_id))
    FROM unnest(${[...new Set(links)]}::text[]) AS link
    CROSS JOIN LATERAL (
      SELECT l.submission_id FROM artist_work_links l
      WHERE l.artist_key = lower(${artistName}) AND l.link_hash = sha256(convert_to(link, 'UTF8')) ${before}
      ORDER BY l.submission_id
      LIMIT ${countUpTo + 1}) AS shared)`;
}

/** The artist's live works now, from the counter row of migration 022. */
function artistLiveWorksSql(artistName: string): RawBuilder<string> {
  return sql<string>`coalesce((SELECT n FROM ledger_counters WHERE kind = 'artist' AND value = lower(${artistName})), 0)`;
}

/**
 * The artist's live works and how many of them share one of the new work's profile links, read
 * from what the triggers of migration 022 keep: a counter row and an index range, however many
 * works the artist has.
 */
async function artistWorksKept(db: Kysely<DB>, q: RegistryQuery, countUpTo: number): Promise<RegistrySignals['artistWorks']> {
  const result = await sql<{ works: string; sharing: string }>`
    SELECT ${artistLiveWorksSql(q.artistName)} AS works, ${sharedWorksSql(q.artistName, q.profileLinks, countUpTo)} AS sharing`.execute(
    db,
  );
  return { artistOtherWorksCount: Number(result.rows[0].works), sharedProfileLinksWithOwnWorks: Number(result.rows[0].sharing) };
}

/**
 * The same signal over the works registered before `q.beforeSeq` (re-scoring a stored work, on
 * an e-mail confirmation or an edit): the live works now less those registered since (an index
 * range, migration 022), read in one snapshot, and the shared links of the works before it.
 */
async function artistWorksBefore(
  db: Kysely<DB>,
  q: RegistryQuery & { beforeSeq: number },
  countUpTo: number,
): Promise<RegistrySignals['artistWorks']> {
  const result = await sql<{ works: string; sharing: string }>`
    SELECT ${artistLiveWorksSql(q.artistName)} - (
        SELECT count(*) FROM submissions
        WHERE lower(artist_name) = lower(${q.artistName}) AND deleted_at IS NULL AND purged_at IS NULL
          AND registry_seq >= ${q.beforeSeq}) AS works,
      ${sharedWorksSql(q.artistName, q.profileLinks, countUpTo, q.beforeSeq)} AS sharing`.execute(db);
  return { artistOtherWorksCount: Number(result.rows[0].works), sharedProfileLinksWithOwnWorks: Number(result.rows[0].sharing) };
}

/** The artist-works signal for `q`; `countUpTo` is lowered by tests only. */
export function findArtistWorks(
  db: Kysely<DB>,
  q: RegistryQuery,
  countUpTo = SHARED_LINK_WORKS_COUNTED_UP_TO,
): Promise<RegistrySignals['artistWorks']> {
  return q.beforeSeq === undefined
    ? artistWorksKept(db, q, countUpTo)
    : artistWorksBefore(db, { ...q, beforeSeq: q.beforeSeq }, countUpTo);
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

/** The live works registered after registry number `afterSeq`, in registry order, with every link they name. */
export async function readLiveWorksAfter(db: Kysely<DB>, afterSeq: number): Promise<IndexedWork[]> {
  const rows = await sql<{
    id: string;
    registry_seq: string;
    image_hash: string | null;
    image_phash: string | null;
    artist_name: string;
    links: string[];
  }>`
    SELECT id, registry_seq, image_hash, image_phash, artist_name,
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
    links: r.links,
  }));
}
