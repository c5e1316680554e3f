// A throw-away PostgreSQL database for `npm run bench:scale`: created with a random name on the
// server DATABASE_URL names, dropped again at the end.
import crypto from 'node:crypto';
import pg from 'pg';

export const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function onServer<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createBenchDatabase(serverUrl: string): Promise<BenchDatabase> {
  const name = `ledger_bench_${crypto.randomBytes(5).toString('hex')}`;
  await onServer(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      // WITH (FORCE) ends connections a killed server process may still hold.
      await onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * What a lookup's speed depends on beside the code: PostgreSQL's shared buffers against the size
 * of the crop-tolerant band indexes (migration 038) a lookup probes about 2,150 times. When the
 * indexes do not fit, most probes read their pages from the operating system's cache.
 */
export async function bandIndexesAndBuffers(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ buffers: string; indexes: string }>(
      `SELECT current_setting('shared_buffers') AS buffers,
        pg_size_pretty(sum(pg_relation_size(c.oid))) AS indexes
       FROM pg_class c WHERE c.relname LIKE 'image_region_hashes_wide_band_%'`,
    );
    return `PostgreSQL shared_buffers ${rows[0].buffers}; crop-tolerant band indexes ${rows[0].indexes}`;
  } finally {
    await client.end();
  }
}
