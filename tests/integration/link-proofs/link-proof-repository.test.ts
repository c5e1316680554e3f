// Migration 024 and its repository: the last check of each link, per work or per artist, replaced
// by the next check; the table refuses rows that are neither or both, or a state without its
// method or reason; a purge erases a work's rows. Runs on PGlite, and on PostgreSQL with
// TEST_DATABASE_URL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteLinkProofsOfWork, linkProofsOf, recordLinkProof } from '../../../server/link-proofs/link-proof-repository';
import { insertWork } from '../../helpers/factories';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { adminPost, createAdminAccount, signIn } from '../admin/admin-test-kit';

const T1 = new Date('2026-03-01T12:00:00.000Z');
const T2 = new Date('2026-03-02T08:30:00.000Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('link_proofs', () => {
  it('keeps the last check of each link of a work, by address', async () => {
    const work = await insertWork(t.deps.db);
    const subject = { submissionId: work.id };
    await recordLinkProof(t.deps.db, subject, 'https://social.example/@jane', {
      state: 'not_proven',
      reason: 'too_slow',
      checkedAt: T1,
    });
    await recordLinkProof(t.deps.db, subject, 'https://jane.example/', { state: 'not_proven', reason: 'no_link_back', checkedAt: T1 });
    await recordLinkProof(t.deps.db, subject, 'https://social.example/@jane', { state: 'proven', method: 'rel_me', checkedAt: T2 });
    expect(await linkProofsOf(t.deps.db, subject)).toEqual([
      { url: 'https://jane.example/', proof: { state: 'not_proven', reason: 'no_link_back', checkedAt: T1 }, provenAt: null },
      { url: 'https://social.example/@jane', proof: { state: 'proven', method: 'rel_me', checkedAt: T2 }, provenAt: T2 },
    ]);
    // Proven again later: still proven since the first time. Not proven: since no time at all.
    const T3 = new Date(T2.getTime() + 60_000);
    await recordLinkProof(t.deps.db, subject, 'https://social.example/@jane', { state: 'proven', method: 'rel_me', checkedAt: T3 });
    expect((await linkProofsOf(t.deps.db, subject))[1]).toEqual({
      url: 'https://social.example/@jane',
      proof: { state: 'proven', method: 'rel_me', checkedAt: T3 },
      provenAt: T2,
    });
    await recordLinkProof(t.deps.db, subject, 'https://social.example/@jane', {
      state: 'not_proven',
      reason: 'no_link_back',
      checkedAt: T3,
    });
    expect((await linkProofsOf(t.deps.db, subject))[1].provenAt).toBeNull();
  });

  it('keeps an artist identity apart from a work with the same link', async () => {
    const work = await insertWork(t.deps.db);
    const url = 'https://social.example/@ada';
    await recordLinkProof(t.deps.db, { artistName: 'Ada' }, url, { state: 'proven', method: 'text_url', checkedAt: T1 });
    await recordLinkProof(t.deps.db, { submissionId: work.id }, url, {
      state: 'not_proven',
      reason: 'blocked_address',
      checkedAt: T1,
    });
    await recordLinkProof(t.deps.db, { artistName: 'Ada' }, url, { state: 'not_proven', reason: 'unreachable', checkedAt: T2 });
    expect(await linkProofsOf(t.deps.db, { artistName: 'Ada' })).toEqual([
      { url, proof: { state: 'not_proven', reason: 'unreachable', checkedAt: T2 }, provenAt: null },
    ]);
    expect(await linkProofsOf(t.deps.db, { artistName: 'ada' })).toEqual([]);
    expect(await linkProofsOf(t.deps.db, { submissionId: work.id })).toEqual([
      { url, proof: { state: 'not_proven', reason: 'blocked_address', checkedAt: T1 }, provenAt: null },
    ]);
  });

  it.each([
    [
      'neither a work nor an artist',
      sql`INSERT INTO link_proofs (url, state, method, checked_at) VALUES ('https://x.example/', 'proven', 'rel_me', now())`,
    ],
    [
      'a proven link without its method',
      sql`INSERT INTO link_proofs (artist_name, url, state, checked_at) VALUES ('A', 'https://x.example/', 'proven', now())`,
    ],
    [
      'a link not proven without a reason',
      sql`INSERT INTO link_proofs (artist_name, url, state, checked_at) VALUES ('A', 'https://x.example/', 'not_proven', now())`,
    ],
    [
      'a reason outside the list',
      sql`INSERT INTO link_proofs (artist_name, url, state, reason, checked_at) VALUES ('A', 'https://x.example/', 'not_proven', 'because', now())`,
    ],
  ])('refuses %s', async (_name, statement) => {
    await expect(statement.execute(t.deps.db)).rejects.toThrow(/violates check constraint/);
  });

  it('erases the links of a work with it', async () => {
    const work = await insertWork(t.deps.db);
    await recordLinkProof(t.deps.db, { submissionId: work.id }, 'https://a.example/', {
      state: 'proven',
      method: 'rel_me',
      checkedAt: T1,
    });
    await deleteLinkProofsOfWork(t.deps.db, work.id);
    expect(await linkProofsOf(t.deps.db, { submissionId: work.id })).toEqual([]);
  });

  it("a purge erases the work's checked links", async () => {
    const work = await insertWork(t.deps.db);
    await recordLinkProof(t.deps.db, { submissionId: work.id }, 'https://a.example/', {
      state: 'proven',
      method: 'rel_me',
      checkedAt: T1,
    });
    await createAdminAccount(t).catch(() => undefined);
    const cookie = await signIn(t);
    expect((await adminPost(t, `/api/admin/submissions/${work.id}/remove`, { reason: 'GDPR erasure' }, cookie)).statusCode).toBe(200);
    expect(await linkProofsOf(t.deps.db, { submissionId: work.id })).toHaveLength(1); // a removal can be undone
    const purge = await adminPost(
      t,
      `/api/admin/submissions/${work.id}/purge`,
      { reason: 'GDPR erasure', confirm: work.registry_id },
      cookie,
    );
    expect(purge.statusCode).toBe(200);
    expect(await linkProofsOf(t.deps.db, { submissionId: work.id })).toEqual([]);
  });
});
