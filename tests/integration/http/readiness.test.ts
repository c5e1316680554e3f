// GET /api/ready (issue 14): a load balancer sends a process requests only while it answers 200:
// database and image store reachable, not shutting down. 503 says why, without internal details.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { startDraining } from '../../../server/site/readiness';
import { LocalFolderStore } from '../../../server/storage/local-folder-store';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createTestDatabase } from '../../helpers/test-database';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

// One app for the file; the draining test runs last, as draining cannot be undone.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Cause = 'store' | 'database' | 'draining';

const REASONS: Record<Cause, string> = {
  store: 'The image store does not answer.',
  database: 'The database does not answer.',
  draining: 'The server is shutting down and takes no new requests.',
};

/** The whole 503 answer when exactly one thing is wrong. */
const notReadyBecause = (cause: Cause) => ({
  status: 'not_ready',
  draining: cause === 'draining',
  database: cause === 'database' ? 'unreachable' : 'ok',
  store: cause === 'store' ? 'unreachable' : 'ok',
  reasons: [REASONS[cause]],
});

async function readiness(app: FastifyInstance) {
  const res = await app.inject({ method: 'GET', url: '/api/ready' });
  return { statusCode: res.statusCode, body: res.json() as unknown };
}

describe('GET /api/ready', () => {
  it('answers 200 ready, uncached, when the database and the image store answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'ready', draining: false, database: 'ok', store: 'ok', reasons: [] });
  });

  it('answers 503 "The image store does not answer." when the store folder cannot be used', async () => {
    // The store's folder is a regular file: it can be neither made nor written.
    const notAFolder = path.join(t.dataDir, 'not-a-folder');
    fs.writeFileSync(notAFolder, 'x');
    const broken = await buildApp({ ...t.deps, store: new LocalFolderStore(notAFolder) }, { logger: false });
    cleanups.push(() => broken.close());
    expect(await readiness(broken)).toEqual({ statusCode: 503, body: notReadyBecause('store') });
  });

  it('answers 503 "The database does not answer." once the database is gone', async () => {
    const testDb = await createTestDatabase();
    const deps = { ...t.deps, database: testDb.database, db: testDb.database.db };
    const other = await buildApp(deps, { logger: false });
    await other.ready();
    await testDb.drop();
    expect(await readiness(other)).toEqual({ statusCode: 503, body: notReadyBecause('database') });
    // Closing hooks of an app whose database is gone may fail; the app is discarded either way.
    await other.close().catch(() => undefined);
  });

  it('answers 503 at once when the process starts draining, while /api/health stays 200', async () => {
    startDraining(t.deps);
    expect(await readiness(t.app)).toEqual({ statusCode: 503, body: notReadyBecause('draining') });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
