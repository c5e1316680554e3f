// A rubric run re-scores its batches with reads made for the whole batch (rescore.ts batchReads,
// registry-evidence-batch-repository.ts): a statement a signal for all of a batch's works. Every work must
// come out with the trust it gets when scored alone, a statement a read (as a registration, a
// link check or an edit scores it): exact copies by the same and other artists, earlier and
// later, a claimed name's claimant and an impersonator, shared profile links, proven domains for
// a confirmed address and not for an unconfirmed one, an unclaimed name.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Submission } from '../../../server/db/types';
import { batchReads, oneWorkReads, scoreStoredWork } from '../../../server/submissions/rescore';
import { gatherRegistryEvidence } from '../../../server/submissions/registry-evidence';
import { insertWork } from '../../helpers/factories';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const OWNER = 'ada@example.com';
const IMPERSONATOR = 'throwaway@example.com';
const PORTFOLIO = 'https://ada.test/portfolio';
const SHOP = 'https://ada.test/shop';
const SAME_IMAGE = 'a'.repeat(64);
/** Two perceptual hashes 3 bits apart: near duplicates of each other. */
const LOOK = '0123456789abcdef';
const LOOK_ALIKE = '0123456789abcde8';

let t: TestApp;
let works: Submission[];

const profile = (...urls: string[]) => JSON.stringify(urls.map((url) => ({ type: 'portfolio', url })));

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const verified = new Date('2026-11-20T10:00:00Z');
  await db
    .insertInto('artist_claims')
    .values({ artist_key: 'ada lune', artist_name: 'Ada Lune', claimant_email: OWNER, claimed_at: verified })
    .execute();
  await db
    .insertInto('domain_proofs')
    .values([
      {
        artist_key: 'ada lune',
        owner_email: OWNER,
        domain: 'ada.test',
        token: randomBytes(16).toString('hex'),
        state: 'proven',
        method: 'dns_txt',
        created_at: verified,
        checked_at: verified,
        proven_at: verified,
      },
      {
        artist_key: 'ada lune',
        owner_email: OWNER,
        domain: 'lune.test',
        token: randomBytes(16).toString('hex'),
        state: 'pending',
        created_at: verified,
      },
    ])
    .execute();
  const own = { artist_name: 'Ada Lune', author_email: OWNER, email_verified_at: verified };
  await insertWork(db, { ...own, verification_resources: profile(PORTFOLIO) });
  await insertWork(db, { ...own, image_hash: SAME_IMAGE, verification_resources: profile(PORTFOLIO, SHOP) });
  await insertWork(db, { ...own, verification_resources: profile(SHOP) });
  // The same name, an address that did not claim it: gets nothing of the claimant's.
  await insertWork(db, {
    artist_name: 'ada lune',
    author_email: IMPERSONATOR,
    email_verified_at: verified,
    verification_resources: profile(PORTFOLIO),
  });
  // A copy of the claimant's image by another artist, then one more own work sharing both links.
  await insertWork(db, { artist_name: 'Other Hand', image_hash: SAME_IMAGE, verification_resources: profile(SHOP) });
  await insertWork(db, { ...own, image_hash: SAME_IMAGE, verification_resources: profile(PORTFOLIO, SHOP) });
  // A picture of another artist's, then a near copy of it by the claimant.
  await insertWork(db, { artist_name: 'Other Hand', image_phash: LOOK, verification_resources: profile(SHOP) });
  await insertWork(db, { ...own, image_phash: LOOK_ALIKE, verification_resources: profile(PORTFOLIO) });
  // The claimant's address, not confirmed on this work: its domains do not count.
  await insertWork(db, {
    artist_name: 'Ada Lune',
    author_email: OWNER,
    email_verified_at: null,
    verification_resources: profile(PORTFOLIO),
  });
  await insertWork(db, { artist_name: 'Nobody Claimed', verification_resources: profile('https://free.test/') });
  works = await db.selectFrom('submissions').selectAll().orderBy('registry_seq').execute();
});

afterAll(async () => {
  await t?.close();
});

describe('re-scoring a batch with reads for the whole batch', () => {
  it('gives every work the registry evidence and the trust it gets scored alone', async () => {
    const db = t.deps.db;
    const siteUrl = t.deps.config.siteUrl;
    const batch = await batchReads(db, works);
    const alone = oneWorkReads(db);
    const scores: number[] = [];
    for (const work of works) {
      const query = {
        imageHash: work.image_hash ?? '',
        phash: work.image_phash,
        artistName: work.artist_name,
        ownerEmail: work.author_email,
        profileLinks: (work.verification_resources as { url: string }[]).map((r) => r.url),
        beforeSeq: Number(work.registry_seq),
      };
      expect(await gatherRegistryEvidence(batch.registryEvidence, query)).toEqual(
        await gatherRegistryEvidence(alone.registryEvidence, query),
      );
      expect(await batch.provenDomains(work)).toEqual(await alone.provenDomains(work));
      const trust = await scoreStoredWork(db, siteUrl, work, {}, batch);
      expect(trust).toEqual(await scoreStoredWork(db, siteUrl, work, {}, alone));
      scores.push(trust.score);
    }
    // The signals differ between the works, so the comparison above compared something.
    expect(new Set(scores).size).toBeGreaterThan(2);
  });

  it('finds what the batch holds: copies, the claim, shared links, proven domains', async () => {
    const batch = await batchReads(t.deps.db, works);
    const evidenceOf = (i: number) =>
      gatherRegistryEvidence(batch.registryEvidence, {
        imageHash: works[i].image_hash ?? '',
        phash: works[i].image_phash,
        artistName: works[i].artist_name,
        ownerEmail: works[i].author_email,
        profileLinks: (works[i].verification_resources as { url: string }[]).map((r) => r.url),
        beforeSeq: Number(works[i].registry_seq),
      });
    // The sixth work: the claimant's third with this image, after another artist's copy; two own works before it share a link.
    expect(await evidenceOf(5)).toMatchObject({
      exactDuplicateOfOtherArtist: true,
      exactDuplicateOfSameArtist: true,
      duplicateOf: works[4].id,
      nameClaim: 'this_identity',
      artistOtherWorksCount: 3,
      sharedProfileLinksWithOwnWorks: 3,
    });
    expect(await evidenceOf(7)).toMatchObject({ nearDuplicatesOfOtherArtists: [{ id: works[6].id, distance: 3 }] });
    expect(await evidenceOf(6)).toMatchObject({ nearDuplicatesOfOtherArtists: [] });
    expect(await evidenceOf(3)).toMatchObject({
      nameClaim: 'another_identity',
      artistOtherWorksCount: 0,
      sharedProfileLinksWithOwnWorks: 0,
    });
    expect(await evidenceOf(9)).toMatchObject({ nameClaim: 'unclaimed', artistOtherWorksCount: 0 });
    expect(await batch.provenDomains(works[0])).toEqual(['ada.test']);
    expect(await batch.provenDomains(works[3])).toEqual([]);
  });
});
