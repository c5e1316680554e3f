// GET /api/ready (issue 14): a load balancer sends a process requests only while it answers 200:
// database and image store reachable, not shutting down. 503 says why, without internal details.
import fs from 'node:fs';
import path from 'node:path';
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
    const res = await broken.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'not_ready',
      draining: false,
      database: 'ok',
      store: 'unreachable',
      reasons: ['The image store does not answer.'],
    });
  });

  it('answers 503 "The database does not answer." once the database is gone', async () => {
    const testDb = await createTestDatabase();
    const deps = { ...t.deps, database: testDb.database, db: testDb.database.db };
    const other = await buildApp(deps, { logger: false });
    await other.ready();
    await testDb.drop();
    const res = await other.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'not_ready',
      draining: false,
      database: 'unreachable',
      store: 'ok',
      reasons: ['The database does not answer.'],
    });
    // Closing hooks of an app whose database is gone may fail; the app is discarded either way.
    await other.close().catch(() => undefined);
  });

  it('answers 503 at once when the process starts draining, while /api/health stays 200', async () => {
    startDraining(t.deps);
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'not_ready',
      draining: true,
      database: 'ok',
      store: 'ok',
      reasons: ['The server is shutting down and takes no new requests.'],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
