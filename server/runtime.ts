// Opens the pieces a running server (or a CLI command) needs: database with migrations applied,
// and the object store. Shared by main.ts, the seed command and the tests.
import type { AppConfig } from './config';
import type { AppDeps } from './deps';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { refreshStatistics } from './db/statistics';
import { openObjectStore } from './storage/open-object-store';
import { makeDataDirPrivate } from './storage/private-data-dir';

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
  return {
    config,
    database,
    db: database.db,
    store: openObjectStore(config),
    now: () => new Date(),
  };
}
