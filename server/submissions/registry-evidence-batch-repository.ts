// Registry evidence for a whole re-scoring batch (a rubric run re-scores every work): the
// signals of all its works read with one statement each, over `unnest` of the batch's values,
// where the database source (registry-evidence-repository.ts) sends a statement per work and
// signal. The SQL of each signal is the database source's own, given columns instead of values,
// so both answer alike (tests/integration/submissions/registry-evidence-batch.test.ts compares
// them). At a million works the per-work statements were most of a batch's time (decision 0079).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { NearDuplicate } from './near-duplicates';
import type { RegistryEvidenceSource, RegistryQuery, RegistrySignals } from './registry-evidence';
import {
  artistWorksColumns,
  claimantWorks,
  databaseRegistryEvidence,
  exactCopiesSql,
  findNearDuplicatesOfEach,
  notTheClaimant,
  toExactDuplicates,
  type ExactCopy,
} from './registry-evidence-repository';

/** A re-scored work's question: `beforeSeq` (its own registry number) names it in the batch. */
export type BatchQuery = RegistryQuery & { beforeSeq: number };

async function exactDuplicatesOf(db: Kysely<DB>, queries: readonly BatchQuery[]) {
  const { rows } = await sql<{ seq: string; copies: ExactCopy[] }>`
    SELECT q.seq, ${exactCopiesSql({ imageHash: sql.ref('q.hash'), artistName: sql.ref('q.artist'), beforeSeq: sql.ref('q.seq') })} AS copies
    FROM unnest(
      ${queries.map((q) => q.beforeSeq)}::bigint[],
      ${queries.map((q) => q.imageHash)}::text[],
      ${queries.map((q) => q.artistName)}::text[]
    ) AS q(seq, hash, artist)`.execute(db);
  return new Map(rows.map((r) => [Number(r.seq), toExactDuplicates(r.copies)]));
}

async function nearDuplicatesOf(db: Kysely<DB>, queries: readonly BatchQuery[]) {
  const withHash = queries.filter((q) => q.phash !== null);
  const found = await findNearDuplicatesOfEach(
    db,
    withHash.map((q) => ({ phash: q.phash!, artistName: q.artistName, imageHash: q.imageHash, beforeSeq: q.beforeSeq })),
  );
  const answers = new Map(queries.map((q) => [q.beforeSeq, { nearDuplicatesOfOtherArtists: [] as NearDuplicate[] }]));
  withHash.forEach((q, i) => answers.set(q.beforeSeq, { nearDuplicatesOfOtherArtists: found[i] }));
  return answers;
}

async function artistWorksOf(db: Kysely<DB>, queries: readonly BatchQuery[]) {
  const claims = await sql<{ seq: string; claimant_email: string }>`
    SELECT q.seq, c.claimant_email
    FROM unnest(${queries.map((q) => q.beforeSeq)}::bigint[], ${queries.map((q) => q.artistName)}::text[]) AS q(seq, artist)
    JOIN artist_claims c ON c.artist_key = lower(q.artist)`.execute(db);
  const claimantOf = new Map(claims.rows.map((r) => [Number(r.seq), r.claimant_email]));
  const answers = new Map<number, RegistrySignals['artistWorks']>();
  const claimants: BatchQuery[] = [];
  for (const q of queries) {
    const claimant = claimantOf.get(q.beforeSeq);
    if (claimant === q.ownerEmail.toLowerCase()) claimants.push(q);
    else answers.set(q.beforeSeq, notTheClaimant(claimant));
  }
  if (claimants.length === 0) return answers;
  const { rows } = await sql<{ seq: string; works: string; sharing: string }>`
    SELECT q.seq, ${artistWorksColumns({
      artistName: sql.ref('q.artist'),
      ownerEmail: sql.ref('q.email'),
      beforeSeq: sql.ref('q.seq'),
      links: sql`jsonb_array_elements_text(q.links) AS link`,
    })}
    FROM unnest(
      ${claimants.map((q) => q.beforeSeq)}::bigint[],
      ${claimants.map((q) => q.artistName)}::text[],
      ${claimants.map((q) => q.ownerEmail)}::text[],
      ${claimants.map((q) => JSON.stringify([...new Set(q.profileLinks)]))}::jsonb[]
    ) AS q(seq, artist, email, links)`.execute(db);
  for (const row of rows) answers.set(Number(row.seq), claimantWorks(row));
  return answers;
}

/**
 * The registry evidence of `queries`, read up front; a query that is not one of them (or asks
 * about other values) is answered by the database source, a statement a signal.
 */
export async function batchRegistryEvidence(db: Kysely<DB>, queries: readonly BatchQuery[]): Promise<RegistryEvidenceSource> {
  const one = databaseRegistryEvidence(db);
  if (queries.length === 0) return one;
  const [exact, near, artistWorks] = await Promise.all([
    exactDuplicatesOf(db, queries),
    nearDuplicatesOf(db, queries),
    artistWorksOf(db, queries),
  ]);
  const batched = new Map(queries.map((q) => [q.beforeSeq, q]));
  const isBatched = (q: RegistryQuery) => q.beforeSeq !== undefined && sameQuery(batched.get(q.beforeSeq), q);
  return {
    exactDuplicates: async (q) => (isBatched(q) ? exact.get(q.beforeSeq!)! : one.exactDuplicates(q)),
    nearDuplicates: async (q) =>
      isBatched(q) && q.phash === batched.get(q.beforeSeq!)!.phash ? near.get(q.beforeSeq!)! : one.nearDuplicates(q),
    artistWorks: async (q) => (isBatched(q) ? artistWorks.get(q.beforeSeq!)! : one.artistWorks(q)),
  };
}

function sameQuery(a: BatchQuery | undefined, b: RegistryQuery): boolean {
  return (
    a !== undefined &&
    a.imageHash === b.imageHash &&
    a.phash === b.phash &&
    a.artistName === b.artistName &&
    a.ownerEmail === b.ownerEmail &&
    a.profileLinks.length === b.profileLinks.length &&
    a.profileLinks.every((link, i) => link === b.profileLinks[i])
  );
}
