// Vitest global setup for the projects that use a database: the migrated database is built once
// per run, and each test file starts from a copy of it (test-database.ts). Building one from
// scratch costs seconds of CPU per file on PGlite (initdb, then every migration), which on a
// 2-core machine added up to minutes per run. Each file still gets a database of its own.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import type { TestProject } from 'vitest/node';
import { createJobSchema } from '../../server/db/job-sql';
import { migrate } from '../../server/db/migrate';

export interface DatabaseTemplates {
  /** PGlite: dumps (PGlite dumpDataDir) of a fresh database, empty and migrated. */
  pglite?: { empty: string; migrated: string };
  /** PostgreSQL: name of a migrated database on the TEST_DATABASE_URL server, to copy with CREATE DATABASE … TEMPLATE. */
  postgres?: { migrated: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

interface Shared {
  templates: Promise<DatabaseTemplates>;
  users: number;
  remove(): Promise<void>;
}

// Two projects (integration, hostile) list this file; both run in the one Vitest main process,
// so the templates are built once and removed when the last project is done.
const SHARED_KEY = Symbol.for('ledger.databaseTemplates');
const registry = globalThis as unknown as Record<symbol, Shared | undefined>;

async function buildPglite(): Promise<{ templates: DatabaseTemplates; remove(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-db-template-'));
  const pglite = { empty: path.join(dir, 'empty.tar'), migrated: path.join(dir, 'migrated.tar') };
  // PGlite itself rather than openDatabase: dumping needs the instance. Same extensions as
  // server/db/database.ts (a migration creating one missing here fails loudly, right here).
  const instance = await PGlite.create('memory://', { extensions: { pg_trgm } });
  const pool = new pg.Pool(createPgConfig(instance) as pg.PoolConfig);
  const dump = async () => Buffer.from(await (await instance.dumpDataDir('none')).arrayBuffer());
  try {
    fs.writeFileSync(pglite.empty, await dump());
    await migrate(pool);
    await createJobSchema(pool);
    fs.writeFileSync(pglite.migrated, await dump());
  } finally {
    await pool.end();
    await instance.close();
  }
  return { templates: { pglite }, remove: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

async function buildPostgres(serverUrl: string): Promise<{ templates: DatabaseTemplates; remove(): Promise<void> }> {
  const name = `ledger_template_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // A plain pool, ended here: CREATE DATABASE … TEMPLATE refuses a template anyone is connected to.
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  try {
    await migrate(pool);
    await createJobSchema(pool);
  } finally {
    await pool.end();
  }
  return {
    templates: { postgres: { migrated: name } },
    async remove() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let shared = registry[SHARED_KEY];
  if (!shared) {
    const serverUrl = process.env.TEST_DATABASE_URL;
    const built = serverUrl ? buildPostgres(serverUrl) : buildPglite();
    const created: Shared = {
      templates: built.then((b) => b.templates),
      users: 0,
      remove: async () => (await built).remove(),
    };
    registry[SHARED_KEY] = created;
    shared = created;
  }
  shared.users += 1;
  const current = shared;
  project.provide('databaseTemplates', await current.templates);
  return async () => {
    current.users -= 1;
    if (current.users > 0) return;
    registry[SHARED_KEY] = undefined;
    await current.remove();
  };
}
