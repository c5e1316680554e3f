// Registry numbers go only to works that commit: a registration that fails, even after it drew
// its number, gives the number back, so the next work gets the next number with no gap. And the
// counter that replaced the old sequence starts after every number that sequence handed out.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionBodySchema } from '../../../core/schemas';
import { normaliseSubmissionBody } from '../../../core/submission';
import { listMigrations, migrate } from '../../../server/db/migrate';
import type { DB } from '../../../server/db/types';
import { registerSubmissionBatch, type BatchItem } from '../../../server/submissions/batch-registration';
import { createMemoryRegistryIndex } from '../../../server/submissions/registry-index';
import { storeUpload } from '../../../server/submissions/upload-service';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createTestDatabase } from '../../helpers/test-database';
import { freshPng, imageFiles, registerWork, submissionBody, submit, upload } from './helpers';

const REFUSED_TITLE = 'Refused by the database';

/** Makes the database refuse to insert a work with REFUSED_TITLE: a failure after the number is drawn. */
async function refuseWorksTitled(db: Kysely<DB>): Promise<() => Promise<void>> {
  await sql`CREATE FUNCTION refuse_test_work() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.title = ${sql.lit(REFUSED_TITLE)} THEN RAISE EXCEPTION 'simulated submission insert failure'; END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER refuse_test_work_trg BEFORE INSERT ON submissions FOR EACH ROW EXECUTE FUNCTION refuse_test_work()`.execute(
    db,
  );
  return async () => {
    await sql`DROP TRIGGER refuse_test_work_trg ON submissions`.execute(db);
    await sql`DROP FUNCTION refuse_test_work()`.execute(db);
  };
}

const year = new Date().getUTCFullYear();
const registryId = (n: number) => `VW-${year}-${String(n).padStart(6, '0')}`;

async function registryIds(db: Kysely<DB>): Promise<string[]> {
  const rows = await db.selectFrom('submissions').select('registry_id').orderBy('registry_seq').execute();
  return rows.map((r) => r.registry_id);
}

describe('registry numbers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives the number of a submission the database refused to the next work: no gap', async () => {
    expect((await registerWork(t.app)).created.registry_id).toBe(registryId(1));

    const refusedUpload = await upload(t.app, await freshPng());
    const stopRefusing = await refuseWorksTitled(t.deps.db);
    try {
      const refused = await submit(t.app, submissionBody(refusedUpload.upload_id, { title: REFUSED_TITLE }));
      expect(refused.statusCode).toBe(500);
    } finally {
      await stopRefusing();
    }

    expect((await registerWork(t.app)).created.registry_id).toBe(registryId(2));
    // The refused registration rolled back whole: its upload can still be registered, next in line.
    const retried = await submit(t.app, submissionBody(refusedUpload.upload_id, { title: REFUSED_TITLE }));
    expect(retried.statusCode).toBe(201);
    expect(retried.json().registry_id).toBe(registryId(3));
    expect(await registryIds(t.deps.db)).toEqual([registryId(1), registryId(2), registryId(3)]);
  });

  it("gives no number to a submission refused with 400 'Already submitted'", async () => {
    const first = await registerWork(t.app);
    expect(first.created.registry_id).toBe(registryId(4));
    const again = await submit(t.app, submissionBody(first.upload.upload_id));
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'upload_used', title: 'Already submitted' });
    expect((await registerWork(t.app)).created.registry_id).toBe(registryId(5));
  });

  it('gives the numbers of a failed seed batch back, and removes its uploads and files', async () => {
    const filesBefore = imageFiles(t.dataDir);
    const at = new Date(Date.UTC(year, 0, 2, 12));
    const prepare = async (title: string): Promise<BatchItem> => {
      const stored = await storeUpload(t.deps, await freshPng(), at);
      const body = normaliseSubmissionBody(submissionBodySchema.parse(submissionBody(stored.values.id, { title })));
      return { body, upload: stored, createdAt: at };
    };
    const failing = [await prepare('Batch work one'), await prepare(REFUSED_TITLE)];
    const stopRefusing = await refuseWorksTitled(t.deps.db);
    try {
      await expect(registerSubmissionBatch(t.deps, failing, createMemoryRegistryIndex())).rejects.toThrow(
        'simulated submission insert failure',
      );
    } finally {
      await stopRefusing();
    }
    expect(imageFiles(t.dataDir)).toEqual(filesBefore);
    const leftUploads = await t.deps.db
      .selectFrom('uploads')
      .select('id')
      .where(
        'id',
        'in',
        failing.map((i) => i.upload.values.id),
      )
      .execute();
    expect(leftUploads).toEqual([]);

    const works = await registerSubmissionBatch(
      t.deps,
      [await prepare('Batch work two'), await prepare('Batch work three')],
      createMemoryRegistryIndex(),
    );
    expect(works.map((w) => w.registry_id)).toEqual([registryId(6), registryId(7)]);
  });
});

describe('migration 006 on a registry that used the sequence', () => {
  it('starts the counter after every number the sequence handed out, and counts existing uploads as stored', async () => {
    const { database, drop } = await createTestDatabase({ migrated: false });
    const before006 = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-migrations-'));
    try {
      for (const m of listMigrations().filter((m) => m.version < '006'))
        fs.copyFileSync(m.file, path.join(before006, path.basename(m.file)));
      await migrate(database.pool, before006);
      const { db } = database;
      // Three numbers drawn; the work holding number 2 committed, 1 and 3 were rolled back.
      await sql`SELECT nextval('registry_seq') FROM generate_series(1, 3)`.execute(db);
      await sql`INSERT INTO submissions (registry_seq, registry_id, title, artist_name, author_full_name, author_email, tool, trust_meter)
        VALUES (2, 'VW-2026-000002', 'Old work', 'Old Artist', 'Old Author', 'old@example.com', 'Midjourney', 50)`.execute(db);
      await sql`INSERT INTO uploads (sha256, phash, mime, extension, width, height, size_bytes, original_key, derivative_key,
          derivative_width, derivative_height, created_at, expires_at)
        VALUES (${'a'.repeat(64)}, ${'b'.repeat(16)}, 'image/png', 'png', 10, 10, 100, '2026/01/old.png', '2026/01/old.jpg', 10, 10,
          '2026-01-05T10:00:00Z', '2026-01-06T10:00:00Z')`.execute(db);

      expect(await migrate(database.pool)).toContain('006_crash_consistent_uploads');

      const counter = await db.selectFrom('registry_counter').select('last_seq').execute();
      expect(counter.map((c) => Number(c.last_seq))).toEqual([3]);
      const uploads = await db.selectFrom('uploads').select('files_stored_at').execute();
      expect(uploads.map((u) => new Date(u.files_stored_at!).toISOString())).toEqual(['2026-01-05T10:00:00.000Z']);
      const sequences = await sql<{
        n: string;
      }>`SELECT count(*) AS n FROM pg_class WHERE relkind = 'S' AND relname = 'registry_seq'`.execute(db);
      expect(Number(sequences.rows[0].n)).toBe(0);
    } finally {
      fs.rmSync(before006, { recursive: true, force: true });
      await drop();
    }
  });
});
