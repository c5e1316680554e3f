// Process hygiene (issue 11): `npm start`, as the README says to run it, stops with the server
// on SIGTERM (no orphan server holding the port and the data folder), and the data folder is
// readable by its owner only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makePng } from '../../fixtures/images';
import { portAccepts, startServerProcess, type ServerProcess } from '../../helpers/server-process';
import { listFiles } from '../../helpers/test-app';

describe('npm start', () => {
  let dataDir: string;
  let npm: ServerProcess;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-start-'));
    // The embedded database: the data-folder lock is part of what must be released.
    npm = await startServerProcess({ dataDir, command: 'npm start', readyPath: '/api/health', startTimeoutMs: 180_000 });
  }, 200_000);

  afterAll(() => {
    npm.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('keeps the data folder, its database, images and signing key readable by the owner only', async () => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(await makePng({ width: 320, height: 240, seed: 4242 }))], { type: 'image/png' }),
      'art.png',
    );
    const uploaded = await fetch(`${npm.base}/api/uploads`, { method: 'POST', body: form });
    expect(uploaded.status).toBe(201);

    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    const files = listFiles(dataDir);
    expect(files.some((f) => f.startsWith('originals/'))).toBe(true);
    expect(files.some((f) => f.startsWith('pgdata/'))).toBe(true);
    // The embedded database sets its own file modes (0666), so its folder is what keeps it private.
    expect(fs.statSync(path.join(dataDir, 'pgdata')).mode & 0o777).toBe(0o700);
    const ours = files.filter((f) => !f.startsWith('pgdata/'));
    expect(ours.length).toBeGreaterThanOrEqual(3);
    const readableByOthers = ours.filter((f) => (fs.statSync(path.join(dataDir, f)).mode & 0o077) !== 0);
    expect(readableByOthers).toEqual([]);
    const folders = [...new Set(ours.map((f) => path.dirname(f)))].filter((d) => d !== '.');
    expect(folders.filter((d) => (fs.statSync(path.join(dataDir, d)).mode & 0o777) !== 0o700)).toEqual([]);
  });

  test('stops the server and frees its port and data folder when npm receives SIGTERM', { timeout: 30_000 }, async () => {
    npm.child.kill('SIGTERM');
    const result = await npm.exited;
    expect(result.code).toBe(0);
    expect(await portAccepts(npm.port)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
  });
});
