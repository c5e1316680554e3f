// Builds the real HTTP app on a fresh database and a temporary storage folder. Tests drive it
// through HTTP with app.inject (or a real port when a browser or a second process needs one).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { buildApp } from '../../server/app';
import { loadConfig, type AppConfig } from '../../server/config';
import type { AppDeps } from '../../server/deps';
import { openObjectStore } from '../../server/storage/open-object-store';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  dataDir: string;
  testDb: TestDatabase;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  config?: Partial<AppConfig>;
  now?: () => Date;
  /** Another app's database, to run a second server process on it (not dropped by this app's close). */
  sharedDatabase?: TestDatabase;
  /** Kysely plugins on the app's connection, e.g. one that counts the statements a request runs. */
  dbPlugins?: KyselyPlugin[];
  /** The link checks' fetcher (e.g. one whose resolver sends '.test' names to a loopback server). */
  fetcher?: AppDeps['fetcher'];
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-test-'));
  const config = loadConfig(
    {
      RATE_LIMIT_DISABLED: '1',
      LOG_LEVEL: 'silent',
      SITE_URL: 'http://ledger.test',
      // Tests send traffic to this machine only: link checks run where a test serves the pages.
      LINK_CHECKS: '0',
      RESCORE_ON_START: '0',
      ...options.env,
      DATA_DIR: dataDir,
    },
    options.config,
  );
  const testDb = options.sharedDatabase ?? (await createTestDatabase());
  const deps: AppDeps = {
    config,
    database: testDb.database,
    db: (options.dbPlugins ?? []).reduce((db, plugin) => db.withPlugin(plugin), testDb.database.db),
    // The data folder, or the S3-compatible store when options.env sets S3_*.
    store: openObjectStore(config),
    now: options.now ?? (() => new Date()),
    ...(options.fetcher && { fetcher: options.fetcher }),
  };
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  return {
    app,
    deps,
    dataDir,
    testDb,
    async close() {
      await app.close();
      if (!options.sharedDatabase) await testDb.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every file under a folder, relative paths: lets tests prove a refused input left nothing behind. */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}
