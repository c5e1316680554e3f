// What every feature gets: configuration, the database, the object store and a clock.
import type { Kysely } from 'kysely';
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
}
