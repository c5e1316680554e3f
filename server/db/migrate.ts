// Numbered plain .sql migrations, each applied once, in its own transaction, recorded in
// schema_migrations. The same files run on PGlite and PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant works; it keeps two processes starting at once from migrating together.
const MIGRATION_LOCK_ID = 727_100_001;

export class MigrationError extends Error {
  constructor(file: string, cause: unknown) {
    super(`Migration ${file} failed: ${(cause as Error).message ?? String(cause)}`);
    this.name = 'MigrationError';
  }
}

export function listMigrations(dir = MIGRATIONS_DIR): { version: string; file: string }[] {
  return fs
    .readdirSync(dir)
    .filter((name) => /^\d+_.+\.sql$/.test(name))
    .sort()
    .map((file) => ({ version: file.replace(/\.sql$/, ''), file: path.join(dir, file) }));
}

/** Applies pending migrations; returns the versions applied now. */
export async function migrate(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await client.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
    );
    for (const migration of listMigrations(dir)) {
      if (done.has(migration.version)) continue;
      const text = fs.readFileSync(migration.file, 'utf8');
      try {
        await client.query('BEGIN');
        // No parameters: the simple protocol, so one file may hold many statements.
        await client.query(text);
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
        await client.query('COMMIT');
        applied.push(migration.version);
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw new MigrationError(path.basename(migration.file), err);
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
  return applied;
}
