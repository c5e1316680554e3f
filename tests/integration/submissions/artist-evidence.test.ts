// The trust engine's artist signals (the claimant's other live works under a name, and how many
// share one of the new work's profile links; rubric v2, decision 0061) are read from index ranges
// cut at a bound (migrations 022 and 026). After registrations, case-different names, edits, soft
// deletes, restores, purges and hard deletes, they are exact and equal a count over the
// claimant's works, both for a new work and, as re-scoring reads them, against the works before
// each of them; works of other addresses under the name never count, and give nothing to them.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_WORKS_COUNTED_UP_TO, SHARED_LINK_WORKS_COUNTED_UP_TO } from '../../../core/constants';
import { findArtistWorks } from '../../../server/submissions/registry-evidence-repository';
import type { RegistryQuery } from '../../../server/submissions/registry-evidence';
import { insertWork } from '../../helpers/factories';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const PORTFOLIO = 'https://ada.example/portfolio';
const SHOP = 'https://ada.example/shop';
const SOCIAL = 'https://x.example/ada';
/** Every work below is registered with this address unless it says otherwise; it claims each name. */
const OWNER = 'ada@example.com';
const IMPERSONATOR = 'throwaway@example.com';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const resources = (...urls: string[]) => JSON.stringify(urls.map((url) => ({ type: 'portfolio', url })));

function query(artistName: string, profileLinks: string[], ownerEmail = OWNER): RegistryQuery {
  return { imageHash: '0'.repeat(64), phash: null, artistName, ownerEmail, profileLinks };
}

async function claim(artistName: string, email = OWNER) {
  await t.deps.db
    .insertInto('artist_claims')
    .values({ artist_key: artistName.toLowerCase(), artist_name: artistName, claimant_email: email, claimed_at: new Date() })
    .execute();
}

/** The figures counted over every work of the artist, as registrations did before migration 022. */
async function countedFromScratch(artistName: string, links: string[], countUpTo: number, beforeSeq = Number.MAX_SAFE_INTEGER) {
  const row = await sql<{ works: string; sharing: string }>`
    SELECT count(*) AS works,
      least(${countUpTo + 1}, count(*) FILTER (WHERE portfolio_link = ANY(${links}::text[]) OR external_link = ANY(${links}::text[])
        OR EXISTS (SELECT 1 FROM jsonb_array_elements(verification_resources) r WHERE r->>'url' = ANY(${links}::text[])))) AS sharing
    FROM submissions
    WHERE lower(artist_name) = lower(${artistName}) AND lower(author_email) = ${OWNER}
      AND deleted_at IS NULL AND purged_at IS NULL AND registry_seq < ${beforeSeq}`.execute(t.deps.db);
  return {
    nameClaim: 'this_identity',
    artistOtherWorksCount: Number(row.rows[0].works),
    sharedProfileLinksWithOwnWorks: Number(row.rows[0].sharing),
  };
}

/**
 * The kept figures, after checking they equal the count from scratch, for a new work and, as
 * re-scoring reads them, for each of the artist's works against the works before it.
 */
async function artistWorks(artistName: string, profileLinks: string[], countUpTo = SHARED_LINK_WORKS_COUNTED_UP_TO) {
  const bounds = { works: IDENTITY_WORKS_COUNTED_UP_TO, shared: countUpTo };
  const kept = await findArtistWorks(t.deps.db, query(artistName, profileLinks), bounds);
  expect(kept).toEqual(await countedFromScratch(artistName, profileLinks, countUpTo));
  const works = await t.deps.db
    .selectFrom('submissions')
    .select('registry_seq')
    .where(sql<boolean>`lower(artist_name) = lower(${artistName})`)
    .execute();
  for (const { registry_seq } of works) {
    const beforeSeq = Number(registry_seq);
    expect(await findArtistWorks(t.deps.db, { ...query(artistName, profileLinks), beforeSeq }, bounds)).toEqual(
      await countedFromScratch(artistName, profileLinks, countUpTo, beforeSeq),
    );
  }
  const { nameClaim, ...figures } = kept;
  expect(nameClaim).toBe('this_identity');
  return figures;
}

async function update(id: string, set: Record<string, unknown>) {
  await t.deps.db.updateTable('submissions').set(set).where('id', '=', id).execute();
}

describe("an artist's works and shared profile links, kept as works change", () => {
  it('are exact after registrations, edits, soft deletes, restores, purges and deletes', async () => {
    for (const name of ['Ada One', 'Ada Two', 'Ben Two', 'Nobody Yet']) await claim(name);
    const first = await insertWork(t.deps.db, {
      author_email: OWNER,
      artist_name: 'Ada One',
      portfolio_link: PORTFOLIO,
      verification_resources: resources(PORTFOLIO),
    });
    // Same artist in other letters, sharing two of the links: one work, counted once.
    const second = await insertWork(t.deps.db, {
      author_email: OWNER,
      artist_name: 'ADA ONE',
      portfolio_link: PORTFOLIO,
      external_link: SHOP,
      verification_resources: resources(PORTFOLIO, SHOP),
    });
    const third = await insertWork(t.deps.db, { author_email: OWNER, artist_name: 'Ada One' });
    await insertWork(t.deps.db, {
      author_email: OWNER,
      artist_name: 'Ben Two',
      portfolio_link: PORTFOLIO,
      verification_resources: resources(PORTFOLIO),
    });
    const fifth = await insertWork(t.deps.db, {
      author_email: OWNER,
      artist_name: 'Ada One',
      verification_resources: resources(SOCIAL),
    });

    expect(await artistWorks('Ada One', [PORTFOLIO, SHOP])).toEqual({ artistOtherWorksCount: 4, sharedProfileLinksWithOwnWorks: 2 });
    expect(await artistWorks('ada one', [SOCIAL])).toEqual({ artistOtherWorksCount: 4, sharedProfileLinksWithOwnWorks: 1 });
    expect(await artistWorks('Ada One', [])).toEqual({ artistOtherWorksCount: 4, sharedProfileLinksWithOwnWorks: 0 });
    expect(await artistWorks('Ben Two', [PORTFOLIO])).toEqual({ artistOtherWorksCount: 1, sharedProfileLinksWithOwnWorks: 1 });
    expect(await artistWorks('Nobody Yet', [PORTFOLIO])).toEqual({ artistOtherWorksCount: 0, sharedProfileLinksWithOwnWorks: 0 });

    await update(first.id, { deleted_at: new Date(), deleted_by: 'admin' });
    expect(await artistWorks('Ada One', [PORTFOLIO, SHOP])).toEqual({ artistOtherWorksCount: 3, sharedProfileLinksWithOwnWorks: 1 });

    await update(first.id, { deleted_at: null, deleted_by: null });
    expect(await artistWorks('Ada One', [PORTFOLIO, SHOP])).toEqual({ artistOtherWorksCount: 4, sharedProfileLinksWithOwnWorks: 2 });

    // A work renamed to another artist takes its count and its links along.
    await update(second.id, { artist_name: 'Ada Two' });
    expect(await artistWorks('Ada One', [PORTFOLIO, SHOP])).toEqual({ artistOtherWorksCount: 3, sharedProfileLinksWithOwnWorks: 1 });
    expect(await artistWorks('Ada Two', [SHOP])).toEqual({ artistOtherWorksCount: 1, sharedProfileLinksWithOwnWorks: 1 });

    await update(fifth.id, { verification_resources: resources(PORTFOLIO) });
    expect(await artistWorks('Ada One', [PORTFOLIO, SHOP])).toEqual({ artistOtherWorksCount: 3, sharedProfileLinksWithOwnWorks: 2 });
    expect(await artistWorks('Ada One', [SOCIAL])).toEqual({ artistOtherWorksCount: 3, sharedProfileLinksWithOwnWorks: 0 });

    // An update that touches none of it (the score) changes nothing.
    await update(fifth.id, { trust_meter: 40 });
    expect(await artistWorks('Ada One', [PORTFOLIO])).toEqual({ artistOtherWorksCount: 3, sharedProfileLinksWithOwnWorks: 2 });

    await update(third.id, { purged_at: new Date() });
    expect(await artistWorks('Ada One', [PORTFOLIO])).toEqual({ artistOtherWorksCount: 2, sharedProfileLinksWithOwnWorks: 2 });

    await t.deps.db.deleteFrom('submissions').where('id', '=', first.id).execute();
    expect(await artistWorks('Ada One', [PORTFOLIO, SHOP])).toEqual({ artistOtherWorksCount: 1, sharedProfileLinksWithOwnWorks: 1 });
  });

  it('counts the works sharing a link up to the bound, and one more for any beyond it', async () => {
    await claim('Many Works');
    for (let i = 0; i < 4; i++) {
      await insertWork(t.deps.db, {
        author_email: OWNER,
        artist_name: 'Many Works',
        portfolio_link: PORTFOLIO,
        verification_resources: resources(PORTFOLIO),
      });
    }
    expect(await artistWorks('Many Works', [PORTFOLIO], 2)).toEqual({ artistOtherWorksCount: 4, sharedProfileLinksWithOwnWorks: 3 });
    expect(await artistWorks('Many Works', [PORTFOLIO], 4)).toEqual({ artistOtherWorksCount: 4, sharedProfileLinksWithOwnWorks: 4 });
  });
});

describe('works of other addresses under a claimed name', () => {
  it('never count for the claimant, and the impersonator gets nothing from the name', async () => {
    await claim('Famous Painter');
    await insertWork(t.deps.db, {
      author_email: OWNER,
      artist_name: 'Famous Painter',
      portfolio_link: PORTFOLIO,
      verification_resources: resources(PORTFOLIO),
    });
    for (let i = 0; i < 3; i++)
      await insertWork(t.deps.db, {
        author_email: IMPERSONATOR,
        artist_name: 'Famous Painter',
        portfolio_link: PORTFOLIO,
        verification_resources: resources(PORTFOLIO),
      });
    expect(await artistWorks('Famous Painter', [PORTFOLIO])).toEqual({ artistOtherWorksCount: 1, sharedProfileLinksWithOwnWorks: 1 });
    expect(await findArtistWorks(t.deps.db, query('Famous Painter', [PORTFOLIO], IMPERSONATOR))).toEqual({
      nameClaim: 'another_identity',
      artistOtherWorksCount: 0,
      sharedProfileLinksWithOwnWorks: 0,
    });
    expect(await findArtistWorks(t.deps.db, query('Unclaimed Name', [PORTFOLIO]))).toEqual({
      nameClaim: 'unclaimed',
      artistOtherWorksCount: 0,
      sharedProfileLinksWithOwnWorks: 0,
    });
  });
});
