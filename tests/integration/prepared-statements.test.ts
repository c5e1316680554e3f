// The registration's statements are prepared once per connection (server/db/prepared-statements.ts):
// they answer as the same statements sent unprepared, an absent value leaves its column to its
// default, a column added by a migration meanwhile breaks nothing, and a statement that names its
// columns with * or takes an expression as a value is refused.
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SHAPES_PER_STATEMENT, preparedName, preparedStatement } from '../../server/db/prepared-statements';
import type { DB } from '../../server/db/types';
import { findUpload, insertUpload, type NewUpload } from '../../server/submissions/uploads-repository';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

let t: TestDatabase;
let db: Kysely<DB>;
beforeAll(async () => {
  t = await createTestDatabase();
  db = t.database.db;
});
afterAll(async () => {
  await t.drop();
});

function newUpload(): NewUpload & { id: string } {
  const now = new Date('2026-11-27T10:00:00.000Z');
  return {
    id: crypto.randomUUID(),
    sha256: crypto.randomBytes(32).toString('hex'),
    phash: '0f0f0f0f0f0f0f0f',
    mime: 'image/png',
    extension: 'png',
    width: 640,
    height: 480,
    size_bytes: 12_345,
    original_key: `2026/11/${crypto.randomUUID()}.png`,
    derivative_key: `2026/11/${crypto.randomUUID()}.jpg`,
    derivative_width: 640,
    derivative_height: 480,
    metadata: JSON.stringify({ found: [] }),
    region_hashes: '',
    created_at: now,
    expires_at: new Date(now.getTime() + 3_600_000),
    files_stored_at: null,
  };
}

/** A table made by one of the tests below. */
type ProbeDb = Kysely<{ prepared_probe: { id: number; note: string | undefined } }>;

/** The statements prepared on `connection`'s session, by name. */
async function preparedOn(connection: Kysely<DB>): Promise<Map<string, string>> {
  const rows = await sql<{ name: string; statement: string }>`SELECT name, statement FROM pg_prepared_statements`.execute(connection);
  return new Map(rows.rows.map((r) => [r.name, r.statement]));
}

describe('prepared statements', () => {
  it('reads an upload through a prepared statement exactly as an unprepared select does, preparing it once per connection', async () => {
    const upload = newUpload();
    await insertUpload(db, upload);
    await db.connection().execute(async (connection) => {
      const first = await findUpload(connection, upload.id);
      const second = await findUpload(connection, upload.id);
      const plain = await connection.selectFrom('uploads').selectAll().where('id', '=', upload.id).executeTakeFirstOrThrow();
      expect(first).toEqual(plain);
      expect(second).toEqual(plain);
      expect(first).toMatchObject({ id: upload.id, sha256: upload.sha256, width: 640, files_stored_at: null });
      const prepared = [...(await preparedOn(connection))].filter(
        ([, text]) => text.startsWith('select') && text.includes('from "uploads" where "id" = $1'),
      );
      expect(prepared).toHaveLength(1);
      const [name, text] = prepared[0];
      expect(preparedName(text)).toBe(name);
    });
  });

  it('leaves an absent value out of the insert, so its column takes its default, and fills it when given', async () => {
    await sql`CREATE TABLE prepared_probe (id int PRIMARY KEY, note text NOT NULL DEFAULT 'no note')`.execute(db);
    const insertProbe = preparedStatement((d, v: { id: number; note?: string }) =>
      (d as unknown as ProbeDb).insertInto('prepared_probe').values(v).compile(),
    );
    await insertProbe(db, { id: 1 });
    await insertProbe(db, { id: 2, note: 'given' });
    await insertProbe(db, { id: 3, note: undefined });
    await insertProbe(db, { id: 4, note: 'given again' });
    const rows = await sql<{ id: number; note: string }>`SELECT id, note FROM prepared_probe ORDER BY id`.execute(db);
    expect(rows.rows).toEqual([
      { id: 1, note: 'no note' },
      { id: 2, note: 'given' },
      { id: 3, note: 'no note' },
      { id: 4, note: 'given again' },
    ]);
  });

  it('prepares at most MAX_SHAPES_PER_STATEMENT shapes of one statement and runs any further shape unprepared, with the same result', async () => {
    const columns = Array.from({ length: MAX_SHAPES_PER_STATEMENT + 2 }, (_, i) => `c${i}`);
    await sql.raw(`CREATE TABLE shapes_probe (id int PRIMARY KEY, ${columns.map((c) => `${c} int`).join(', ')})`).execute(db);
    type ShapesDb = Kysely<{ shapes_probe: Record<string, number> }>;
    const insertShape = preparedStatement((d, v: Record<string, number>) =>
      (d as unknown as ShapesDb).insertInto('shapes_probe').values(v).compile(),
    );
    await db.connection().execute(async (connection) => {
      // Each insert gives one more column: a new shape each time.
      for (const [i, column] of columns.entries()) await insertShape(connection, { id: i, [column]: i * 10 });
      const prepared = [...(await preparedOn(connection)).values()].filter((text) => text.startsWith('insert into "shapes_probe"'));
      expect(prepared).toHaveLength(MAX_SHAPES_PER_STATEMENT);
    });
    const rows = await sql<{ id: number; value: number }>`
      SELECT id, coalesce(${sql.raw(columns.join(', '))}) AS value FROM shapes_probe ORDER BY id`.execute(db);
    expect(rows.rows).toEqual(columns.map((_, i) => ({ id: i, value: i * 10 })));
  });

  it('goes on reading uploads on the same connection after a migration adds a column to the table', async () => {
    const upload = newUpload();
    await insertUpload(db, upload);
    await db.connection().execute(async (connection) => {
      expect((await findUpload(connection, upload.id))?.id).toBe(upload.id);
      await sql`ALTER TABLE uploads ADD COLUMN added_later text`.execute(connection);
      try {
        expect((await findUpload(connection, upload.id))?.sha256).toBe(upload.sha256);
      } finally {
        await sql`ALTER TABLE uploads DROP COLUMN added_later`.execute(connection);
      }
    });
  });

  it('refuses a statement that names its columns with *, before it reaches the database', async () => {
    const readAll = preparedStatement((d, v: { id: string }) => d.selectFrom('uploads').selectAll().where('id', '=', v.id).compile());
    await expect(readAll(db, { id: crypto.randomUUID() })).rejects.toThrow(
      'A prepared statement names its columns, not *: select * from "uploads"',
    );
  });

  it('refuses an expression given as one of the values', async () => {
    const insert = preparedStatement((d, v: NewUpload) => d.insertInto('uploads').values(v).compile());
    const values = { ...newUpload(), created_at: sql<Date>`now()` } as unknown as NewUpload;
    await expect(insert(db, values)).rejects.toThrow("created_at: a prepared statement's values are values; build expressions in it");
  });
});
