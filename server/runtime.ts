// Opens the pieces a running server (or a CLI command) needs: database with migrations applied,
// and the object store. Shared by main.ts, the seed command and the tests.
import type { AppConfig } from './config';
import type { AppDeps } from './deps';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { refreshStatistics } from './db/statistics';
import { openObjectStore } from './storage/open-object-store';
import { makeDataDirPrivate } from './storage/private-data-dir';
import { currentLogIdentity } from './tlog/identity-repository';

export async function openRuntime(config: AppConfig, options: { inMemoryDatabase?: boolean } = {}): Promise<AppDeps> {
  makeDataDirPrivate(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: options.inMemoryDatabase ? undefined : config.dataDir,
    poolSize: config.databasePoolSize,
  });
  try {
    await migrate(database.pool);
    await refreshStatistics(database);
  } catch (err) {
    await database.close();
    throw err;
  }
  // The log keeps the name it was first given: with TLOG_ORIGIN unset, a process started under
  // another address (another PORT or SITE_URL host) serves the log recorded in the database
  // instead of refusing to start or beginning a new one.
  const recorded = config.tlogOriginExplicit ? undefined : await currentLogIdentity(database.db).catch(() => undefined);
  const effective = recorded ? { ...config, tlogOrigin: recorded.origin } : config;
  return {
    config: effective,
    database,
    db: database.db,
    store: openObjectStore(config),
    now: () => new Date(),
  };
}
