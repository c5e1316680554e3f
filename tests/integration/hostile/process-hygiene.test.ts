// Process hygiene (issue 11): `npm start`, as the README says to run it, stops with the server
// on SIGTERM (no orphan server holding the port and the data folder), and the data folder is
// readable by its owner only.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makePng } from '../../fixtures/images';
import { listFiles } from '../../helpers/test-app';

const ROOT = path.resolve(import.meta.dirname, '../../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server on port ${port} did not become healthy`);
}

function portAccepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

describe('npm start', () => {
  let dataDir: string;
  let port: number;
  let npm: ReturnType<typeof spawn>;
  let exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-start-'));
    port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_DISABLED: '1',
    };
    // The embedded database: the data-folder lock is part of what must be released.
    delete env.DATABASE_URL;
    npm = spawn('npm', ['start'], { cwd: ROOT, env, stdio: 'ignore' });
    exit = new Promise((resolve) => npm.on('exit', (code, signal) => resolve({ code, signal })));
    await waitForHealth(port, 180_000);
  }, 200_000);

  afterAll(() => {
    npm.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('keeps the data folder, its database, images and signing key readable by the owner only', async () => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(await makePng({ width: 320, height: 240, seed: 4242 }))], { type: 'image/png' }),
      'art.png',
    );
    const uploaded = await fetch(`http://127.0.0.1:${port}/api/uploads`, { method: 'POST', body: form });
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
    npm.kill('SIGTERM');
    const result = await exit;
    expect(result.code).toBe(0);
    expect(await portAccepts(port)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
  });
});
