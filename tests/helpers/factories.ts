// Inserts rows directly, for tests of the read side (ledger, API, admin lists) that need many
// works in a known state. Tests of registration itself go through POST /api/uploads and
// POST /api/submissions instead.
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB, NewSubmission } from '../../server/db/types';
import type { AppDeps } from '../../server/deps';
import { recordLinkProof } from '../../server/link-proofs/link-proof-repository';
import { storeTrustColumns } from '../../server/submissions/rescore-repository';
import { linksToCheck } from '../../server/link-proofs/work-links';
import { scoreStoredWork } from '../../server/submissions/rescore';
import { formatRegistryId } from '../../core/ids';
import { ledgerTransaction } from '../../server/works/ledger-transaction';

export type WorkOverrides = Partial<Omit<NewSubmission, 'registry_seq' | 'registry_id'>>;

let counter = 0;

/**
 * Inserts a work as a registration does: in a ledger transaction of its own, back only once the
 * process serves the new work (decision 0044). Given a transaction (`db.isTransaction`), inserts
 * in it: the test's own ledgerTransaction then reports the change.
 */
export async function insertWork(db: Kysely<DB>, overrides: WorkOverrides = {}): Promise<{ id: string; registry_id: string }> {
  if (!db.isTransaction) return ledgerTransaction(db, (trx) => insertWork(trx, overrides), { waitUntilShown: true });
  counter += 1;
  // The registry counter, as registrations draw numbers (migration 006).
  const seqRow = await sql<{ n: string }>`UPDATE registry_counter SET last_seq = last_seq + 1 RETURNING last_seq AS n`.execute(db);
  const seq = Number(seqRow.rows[0].n);
  const created = overrides.created_at ? new Date(overrides.created_at as string | Date) : new Date();
  const registryId = formatRegistryId(created.getUTCFullYear(), seq);
  const row: NewSubmission = {
    registry_seq: seq,
    registry_id: registryId,
    title: `Test work ${counter}`,
    artist_name: 'Test Artist',
    author_full_name: 'Test Author',
    author_email: `artist${counter}@example.com`,
    author_city: null,
    author_state: null,
    author_country: null,
    portfolio_link: null,
    external_link: null,
    tool: 'Midjourney',
    tool_other: null,
    usage_type: ['Personal Project'],
    tags: ['AI Art'],
    story_context: null,
    co_authors: [],
    image_url: null,
    image_key: null,
    original_key: null,
    image_hash: crypto.createHash('sha256').update(`image-${counter}-${crypto.randomUUID()}`).digest('hex'),
    image_phash: crypto.randomBytes(8).toString('hex'),
    image_dimensions: '640,360',
    image_file_type: 'image/png',
    image_file_size: 12345,
    embedded_metadata: JSON.stringify({ found: [] }),
    verification_resources: JSON.stringify([]),
    trust_meter: 70,
    trust_breakdown: JSON.stringify({}),
    prompt_specificity: JSON.stringify({}),
    duplicate_of: null,
    created_at: created,
    updated_at: created,
    ...overrides,
  };
  return db.insertInto('submissions').values(row).returning(['id', 'registry_id']).executeTakeFirstOrThrow();
}

/**
 * Claims an artist name for an address, as a link check leaves it once a confirmed address proved a
 * link with rel="me" (decision 0061): that address's works under the name then count for each other.
 */
export async function claimArtistName(db: Kysely<DB>, artistName: string, email: string, at = new Date()): Promise<void> {
  await db
    .insertInto('artist_claims')
    .values({ artist_key: artistName.toLowerCase(), artist_name: artistName, claimant_email: email.toLowerCase(), claimed_at: at })
    .execute();
  // As the identity re-scoring does: the claimant's works are marked changed, so kept answers follow.
  await ledgerTransaction(
    db,
    (trx) =>
      trx
        .updateTable('submissions')
        .set({ updated_at: at })
        .where(sql<boolean>`lower(artist_name) = lower(${artistName}) AND lower(author_email) = lower(${email})`)
        .execute(),
    { waitUntilShown: true },
  );
}

/**
 * Marks every link of a work proven (rel="me"), as a link check whose pages all link back leaves them,
 * and stores the work's score re-computed from them, so a test gets a work the rubric really rates
 * (v2: only proven links earn points). Unlike the link check job it writes no history line or audit
 * row: tests of those drive the job itself. Returns the new score.
 */
export async function proveWorkLinks(deps: Pick<AppDeps, 'db' | 'config'>, submissionId: string, at = new Date()): Promise<number> {
  const work = await deps.db.selectFrom('submissions').selectAll().where('id', '=', submissionId).executeTakeFirstOrThrow();
  for (const url of linksToCheck(work.verification_resources))
    await recordLinkProof(deps.db, { submissionId }, url, { state: 'proven', method: 'rel_me', checkedAt: at });
  const trust = await scoreStoredWork(deps.db, deps.config.siteUrl, work);
  await ledgerTransaction(deps.db, (trx) => storeTrustColumns(trx, [{ id: submissionId, trust }]));
  return trust.score;
}
