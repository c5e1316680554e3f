// Registration under concurrency and failure: every work gets its own registry number and log
// leaf, an upload registers at most one work, and a failed insert leaves nothing behind.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockImageHashes } from '../../../server/works/registration';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { freshPng, submissionBody, submit, upload } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function counts() {
  const n = async (table: 'submissions' | 'tlog_leaves') =>
    Number(
      (
        await t.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { submissions: await n('submissions'), leaves: await n('tlog_leaves') };
}

describe('concurrent registrations', () => {
  it('20 concurrent submissions all land with distinct registry numbers and log indexes 0..19', async () => {
    const uploads = [];
    for (let i = 0; i < 20; i++) uploads.push(await upload(t.app, await freshPng(320, 240)));
    const responses = await Promise.all(
      uploads.map((u, i) => submit(t.app, submissionBody(u.upload_id, { artist_name: `Artist ${i}`, title: `Work ${i}` }))),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const registryIds = responses.map((r) => r.json().registry_id as string);
    expect(new Set(registryIds).size).toBe(20);
    const year = new Date().getUTCFullYear();
    expect([...registryIds].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `VW-${year}-${String(i + 1).padStart(6, '0')}`));

    const rows = await t.deps.db.selectFrom('submissions').select(['id', 'log_index']).execute();
    expect(rows.map((r) => Number(r.log_index)).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const leaves = await t.deps.db.selectFrom('tlog_leaves').select(['leaf_index', 'submission_id']).execute();
    const leafOf = new Map(leaves.map((l) => [l.submission_id, Number(l.leaf_index)]));
    for (const row of rows) expect(leafOf.get(row.id)).toBe(Number(row.log_index));
  });

  it('the same upload submitted twice at once registers exactly one work; the other gets 400', async () => {
    const before = await counts();
    const up = await upload(t.app, await freshPng());
    const [a, b] = await Promise.all([
      submit(t.app, submissionBody(up.upload_id, { artist_name: 'Twin A' })),
      submit(t.app, submissionBody(up.upload_id, { artist_name: 'Twin B' })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    const loser = a.statusCode === 400 ? a : b;
    expect(loser.json().error).toMatchObject({ code: 'upload_used', message: 'This image was already submitted.' });
    expect(await counts()).toEqual({ submissions: before.submissions + 1, leaves: before.leaves + 1 });
  });
});

describe('the same image registered by two artists at the same moment', () => {
  it('flags the later-numbered one as the duplicate of the other, scored below 62', async () => {
    const png = await freshPng();
    const [first, second] = [await upload(t.app, png), await upload(t.app, png)];
    const responses = await Promise.all([
      submit(t.app, submissionBody(first.upload_id, { artist_name: 'Racer One' })),
      submit(t.app, submissionBody(second.upload_id, { artist_name: 'Racer Two' })),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201]);
    const ids = responses.map((r) => r.json().id as string);
    const rows = await t.deps.db
      .selectFrom('submissions')
      .select(['id', 'duplicate_of', 'trust_meter', 'registry_seq'])
      .where('id', 'in', ids)
      .orderBy('registry_seq')
      .execute();
    // Registry numbers follow the order the two committed: the first is the original.
    const [original, copy] = rows;
    expect(original.duplicate_of).toBeNull();
    expect(copy.duplicate_of).toBe(original.id);
    expect(copy.trust_meter).toBeLessThan(62);
  });
});

describe('the lock on one image', () => {
  const waitingImageLocks = async () =>
    Number(
      (await sql<{ n: string }>`SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`.execute(t.deps.db))
        .rows[0].n,
    );

  // Needs a second connection: the embedded database has one.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'makes a registration of the same image wait, while a different image registers meanwhile',
    async () => {
      const [same, other] = [await upload(t.app, await freshPng()), await upload(t.app, await freshPng())];
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = t.deps.db.transaction().execute(async (trx) => {
        await lockImageHashes(trx, [same.image_hash]);
        locked();
        await released;
      });
      await isLocked;
      let sameAnswered = false;
      const sameResponse = submit(t.app, submissionBody(same.upload_id, { artist_name: 'Patient Artist' })).then((res) => {
        sameAnswered = true;
        return res;
      });
      while ((await waitingImageLocks()) === 0) await new Promise((r) => setTimeout(r, 10));

      const otherResponse = await submit(t.app, submissionBody(other.upload_id, { artist_name: 'Passing Artist' }));
      expect(otherResponse.statusCode).toBe(201);
      expect(sameAnswered).toBe(false);
      expect(await waitingImageLocks()).toBe(1);

      release();
      await holder;
      expect((await sameResponse).statusCode).toBe(201);
      const seqs = await t.deps.db
        .selectFrom('submissions')
        .select(['artist_name', 'registry_seq'])
        .where('artist_name', 'in', ['Patient Artist', 'Passing Artist'])
        .orderBy('registry_seq')
        .execute();
      expect(seqs.map((row) => row.artist_name)).toEqual(['Passing Artist', 'Patient Artist']);
    },
  );
});

describe('a registration that fails inside its transaction', () => {
  it('leaves no work, no log leaf, and the upload still usable', async () => {
    // A trigger makes the insert itself fail, after the upload was claimed and the leaf appended.
    await sql`CREATE FUNCTION refuse_test_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.title = 'Explode' THEN RAISE EXCEPTION 'simulated insert failure'; END IF; RETURN NEW; END $$`.execute(t.deps.db);
    await sql`CREATE TRIGGER refuse_test_insert_trg BEFORE INSERT ON submissions FOR EACH ROW EXECUTE FUNCTION refuse_test_insert()`.execute(
      t.deps.db,
    );
    try {
      const before = await counts();
      const up = await upload(t.app, await freshPng());
      const failed = await submit(t.app, submissionBody(up.upload_id, { title: 'Explode', artist_name: 'Unlucky' }));
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({ error: { code: 'internal_error', message: 'Something went wrong. Please try again.' } });
      expect(await counts()).toEqual(before);
      const uploadRow = await t.deps.db
        .selectFrom('uploads')
        .select('consumed_at')
        .where('id', '=', up.upload_id)
        .executeTakeFirstOrThrow();
      expect(uploadRow.consumed_at).toBeNull();

      const retried = await submit(t.app, submissionBody(up.upload_id, { title: 'Second try', artist_name: 'Unlucky' }));
      expect(retried.statusCode).toBe(201);
      expect(await counts()).toEqual({ submissions: before.submissions + 1, leaves: before.leaves + 1 });
    } finally {
      await sql`DROP TRIGGER refuse_test_insert_trg ON submissions`.execute(t.deps.db);
      await sql`DROP FUNCTION refuse_test_insert()`.execute(t.deps.db);
    }
  });
});
