// The embedded test databases are handed from one test file to the next (tests/helpers/
// reused-pglite.ts): one that a file used must hold exactly what a database fresh from the
// migrated dump holds (every row, sequence and relation), and one whose schema a test changed must
// never reach another file.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';
import { pgliteReuses } from '../helpers/reused-pglite';
import { createTestApp } from '../helpers/test-app';
import { createTestDatabase, testDatabaseKind } from '../helpers/test-database';
import { registerWork } from './submissions/helpers';

/** Every relation with its rows (as text, in order), and every sequence's position. */
async function contents(database: Database): Promise<Record<string, string>> {
  const { rows: relations } = await database.pool.query<{ name: string; kind: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name, c.relkind AS kind FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_t%'
     ORDER BY 1`,
  );
  const found: Record<string, string> = {};
  for (const { name, kind } of relations) {
    if (kind === 'r' || kind === 'p') {
      const { rows } = await database.pool.query<{ rows: string | null }>(
        `SELECT string_agg(t::text, E'\\n' ORDER BY t::text) AS rows FROM ${name} t`,
      );
      found[name] = rows[0]?.rows ?? '';
    } else if (kind === 'S') {
      const { rows } = await database.pool.query<{ position: string }>(
        `SELECT last_value || ' ' || is_called AS position FROM ${name}`,
      );
      found[name] = rows[0]!.position;
    } else {
      found[name] = kind;
    }
  }
  return found;
}

describe.skipIf(testDatabaseKind !== 'pglite')('test databases handed from file to file', () => {
  /** A database fresh from the migrated dump, never handed out: what a reused one must equal. */
  let fresh: Database;

  beforeAll(async () => {
    fresh = await openDatabase({ loadDataDir: new Blob([fs.readFileSync(inject('databaseTemplates').pglite!.migrated)]) });
  });

  afterAll(async () => {
    await fresh?.close();
  });

  it('hold, once used and given back, what a database fresh from the dump holds', async () => {
    const used = await createTestApp();
    // Rows in most tables: a work, its log leaf, its jobs and the job queue's partitions, an
    // audit row; and session state: a setting, a temporary table, an advisory lock.
    await registerWork(used.app, { title: 'Left Behind', artist_name: 'Earlier File' });
    await used.testDb.database.pool.query(`SET statement_timeout = '5s'`);
    await used.testDb.database.pool.query('CREATE TEMPORARY TABLE scratch (n int)');
    await used.testDb.database.pool.query('SELECT pg_advisory_lock(42)');
    await used.close();

    const reusesBefore = pgliteReuses();
    const next = await createTestDatabase();
    try {
      expect(pgliteReuses()).toBe(reusesBefore + 1);
      expect(await contents(next.database)).toEqual(await contents(fresh));
      const { rows } = await next.database.pool.query(`SELECT current_setting('statement_timeout') AS timeout`);
      expect(rows[0].timeout).toBe('0');
      const { rows: locked } = await next.database.pool.query('SELECT pg_try_advisory_lock(42) AS locked');
      expect(locked[0].locked).toBe(true);
    } finally {
      await next.drop();
    }
  });

  it('start the registry at its first number again', async () => {
    const used = await createTestApp();
    await registerWork(used.app, { title: 'First Of Its File' });
    await used.close();
    const next = await createTestApp();
    try {
      const year = new Date().getUTCFullYear();
      expect((await registerWork(next.app)).created.registry_id).toBe(`VW-${year}-000001`);
    } finally {
      await next.close();
    }
  });

  it('are closed, not handed on, once a test changed their schema', async () => {
    const changed = await createTestDatabase();
    await changed.database.pool.query('ALTER TABLE submissions ADD COLUMN left_by_a_test integer');
    await changed.drop();
    const next = await createTestDatabase();
    try {
      const { rows } = await next.database.pool.query(
        `SELECT count(*)::int AS columns FROM information_schema.columns WHERE table_name = 'submissions' AND column_name = 'left_by_a_test'`,
      );
      expect(rows[0].columns).toBe(0);
    } finally {
      await next.drop();
    }
  });
});
