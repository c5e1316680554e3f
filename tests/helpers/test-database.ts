// A fresh, migrated database for each test file: in-memory PGlite by default, or a new database on
// the PostgreSQL server named by TEST_DATABASE_URL (dropped again afterwards). Under Vitest each
// starts as a copy of the template database-template.ts built once per run; elsewhere (or for a
// project without that global setup) it is built from scratch, with the same result. On the
// embedded database a file's database, once dropped, is reset and handed to the worker's next file
// (reused-pglite.ts).
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import type { DatabaseTemplates } from './database-template';
import { givePgliteBack, takePglite } from './reused-pglite';

export interface TestDatabase {
  database: Database;
  /** Connection string when running on PostgreSQL (for tests that start extra processes). */
  url?: string;
  drop(): Promise<void>;
}

export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** A fresh database; `migrated: false` leaves it empty (for tests of the migrations themselves). */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  const serverUrl = process.env.TEST_DATABASE_URL;
  const templates = providedTemplates();
  if (!serverUrl) {
    const dump = templates?.pglite?.[migrated ? 'migrated' : 'empty'];
    if (dump) {
      // One a previous file of this worker used, reset (reused-pglite.ts), or a new one.
      const pglite = await takePglite(dump);
      const database = await openDatabase({ openPglite: pglite });
      return {
        database,
        async drop() {
          await database.close();
          await givePgliteBack(pglite);
        },
      };
    }
    const database = await openDatabase({});
    if (migrated) await migrate(database.pool);
    return { database, drop: () => database.close() };
  }
  const template = migrated ? templates?.postgres?.migrated : undefined;
  const name = `ledger_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Dropping the database at the end (WITH FORCE) ends any connection still closing: expected.
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5, onIdleConnectionError: () => undefined });
  if (migrated && !template) await migrate(database.pool);
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

function providedTemplates(): DatabaseTemplates | undefined {
  try {
    return inject('databaseTemplates');
  } catch {
    // Not inside a Vitest worker.
    return undefined;
  }
}
