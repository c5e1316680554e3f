// Issue 33: every existing work moves to the current trust rubric by a background job, in batches
// that record their progress in the same transaction as the scores, so a run stopped half-way
// (a crash, a kill -9: here a batch that fails and rolls back) resumes after the last batch that
// committed, never scoring a work twice or skipping one. Each change is in the work's history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRescoreProgress, rescoreNextBatch } from '../../../server/submissions/rubric-rescore-job';
import { batchReads, scoreStoredWork } from '../../../server/submissions/rescore';
import { recordLinkProof } from '../../../server/link-proofs/link-proof-repository';
import { RUBRIC_VERSION } from '../../../server/submissions/trust';
import type { AdminJobs } from '../../../core/api/admin-jobs';
import { insertWork } from '../../helpers/factories';
import { adminGet, createAdminAccount, signIn } from '../admin/admin-test-kit';
import { createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
const OLD = '2026-11.2';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function stored() {
  return t.deps.db.selectFrom('submissions').select(['id', 'trust_meter', 'trust_rubric_version']).orderBy('registry_seq').execute();
}

describe('re-scoring every work under a new rubric', () => {
  it('runs in batches, resumes after a batch that failed, and records each change', async () => {
    // Five works scored 80 under the old rubric, each with a typed, unproven profile link.
    for (let i = 0; i < 5; i++) {
      await insertWork(t.deps.db, {
        trust_meter: 80,
        trust_rubric_version: OLD,
        verification_resources: JSON.stringify([{ type: 'artist_profile', url: `https://artist${i}.example/`, description: '' }]),
      });
    }
    const deps = { db: t.deps.db, config: t.deps.config, now: () => new Date('2026-11-28T12:00:00Z') };
    let queued = 0;
    const queueNext = async () => {
      queued += 1;
    };

    expect(await rescoreNextBatch(deps, 2, queueNext)).toBe(true);
    expect(await readRescoreProgress(t.deps.db)).toMatchObject({ rubricVersion: RUBRIC_VERSION, changed: 2, finished: false });
    expect((await stored()).map((w) => w.trust_rubric_version)).toEqual([RUBRIC_VERSION, RUBRIC_VERSION, OLD, OLD, OLD]);

    // The next batch fails before it commits (as a process killed mid-batch): nothing of it stays.
    await expect(
      rescoreNextBatch(deps, 2, async () => {
        throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    expect((await stored()).map((w) => w.trust_rubric_version)).toEqual([RUBRIC_VERSION, RUBRIC_VERSION, OLD, OLD, OLD]);
    expect((await readRescoreProgress(t.deps.db))?.changed).toBe(2);

    // Resumed: the rest, then the run is finished and a further batch does nothing.
    expect(await rescoreNextBatch(deps, 2, queueNext)).toBe(true);
    expect(await rescoreNextBatch(deps, 2, queueNext)).toBe(false);
    expect(await rescoreNextBatch(deps, 2, queueNext)).toBe(false);
    expect(queued).toBe(2);
    expect(await readRescoreProgress(t.deps.db)).toMatchObject({ changed: 5, finished: true });

    // No link is proven: each work falls below Verified, and its history says why.
    const works = await stored();
    expect(works.every((w) => w.trust_rubric_version === RUBRIC_VERSION && w.trust_meter < 62)).toBe(true);
    const history = await t.deps.db.selectFrom('work_updates').select(['submission_id', 'changes', 'score_before']).execute();
    expect(history).toHaveLength(5);
    expect(
      history.every((h) => (h.changes as { rubric_version?: string }).rubric_version === RUBRIC_VERSION && h.score_before === 80),
    ).toBe(true);
    // The operator sees the run on the queue's admin view.
    await createAdminAccount(t);
    const jobs = (await adminGet(t, '/api/admin/jobs', await signIn(t))).json<AdminJobs>();
    expect(jobs.rescore).toMatchObject({ rubric_version: RUBRIC_VERSION, changed: 5, finished_at: '2026-11-28T12:00:00.000Z' });
    const audited = await t.deps.db
      .selectFrom('audit_log')
      .select('reason')
      .where('reason', '=', `Re-scored under trust rubric ${RUBRIC_VERSION}`)
      .execute();
    expect(audited).toHaveLength(5);
  });

  it('scores a batch read at once exactly as each work read alone: proven links and confirmed co-authors', async () => {
    const profile = (i: number) => JSON.stringify([{ type: 'artist_profile', url: `https://batch${i}.example/`, description: '' }]);
    const proven = await insertWork(t.deps.db, { verification_resources: profile(1), co_authors: ['Ada Lovelace'] });
    const plain = await insertWork(t.deps.db, { verification_resources: profile(2) });
    const credited = await insertWork(t.deps.db, { co_authors: ['Grace Hopper', 'Ada Lovelace'] });
    await recordLinkProof(t.deps.db, { submissionId: proven.id }, 'https://batch1.example/', {
      state: 'proven',
      method: 'rel_me',
      checkedAt: new Date('2026-11-28T12:00:00Z'),
    });
    for (const [work, name, minutes] of [
      [credited, 'Grace Hopper', 2],
      [credited, 'Ada Lovelace', 1],
      [proven, 'Ada Lovelace', 3],
    ] as const) {
      await t.deps.db
        .insertInto('co_author_invitations')
        .values({
          submission_id: work.id,
          name,
          email: `${name.split(' ')[0].toLowerCase()}@example.test`,
          sent_at: new Date('2026-11-28T11:00:00Z'),
          expires_at: new Date('2026-12-28T11:00:00Z'),
          state: 'confirmed',
          answered_at: new Date(Date.parse('2026-11-28T11:00:00Z') + minutes * 60_000),
        })
        .execute();
    }
    const works = await t.deps.db
      .selectFrom('submissions')
      .selectAll()
      .where('id', 'in', [proven.id, plain.id, credited.id])
      .orderBy('registry_seq')
      .execute();
    const reads = await batchReads(t.deps.db, works);
    expect([...(await reads.provenUrls(works[0]))]).toEqual(['https://batch1.example/']);
    expect(await reads.confirmedCoAuthors(works[2])).toEqual(['Ada Lovelace', 'Grace Hopper']);
    for (const work of works) {
      const alone = await scoreStoredWork(t.deps.db, t.deps.config.siteUrl, work);
      expect(await scoreStoredWork(t.deps.db, t.deps.config.siteUrl, work, {}, reads), work.title).toEqual(alone);
    }
    // The proven link and the confirmed co-authors count: the three scores differ.
    const scores = await Promise.all(
      works.map(async (w) => (await scoreStoredWork(t.deps.db, t.deps.config.siteUrl, w, {}, reads)).score),
    );
    expect(new Set(scores).size).toBe(3);
  });
});
