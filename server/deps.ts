// What every feature gets: configuration, the database, the object store and a clock.
import type { Kysely } from 'kysely';
import type { Fetcher } from './fetcher/fetcher';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import type { DB } from './db/types';
import type { ObjectStore } from './storage/object-store';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  db: Kysely<DB>;
  store: ObjectStore;
  /** Injectable for tests; production uses the wall clock. */
  now: () => Date;
  /**
   * The guarded fetcher of link checks; default one made from the configuration. Tests give one
   * whose resolver answers their '.test' names with the loopback server they started.
   */
  fetcher?: Fetcher;
}

/**
 * The options of a feature's Fastify plugin: server/app.ts registers each feature folder's plugin
 * with `app.register(plugin, { deps, … })`, in its own encapsulated scope.
 */
export interface FeatureOptions {
  deps: AppDeps;
}
