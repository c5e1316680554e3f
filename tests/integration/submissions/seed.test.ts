// The seed command, run as a real process on an embedded database in a temporary data folder:
// its works survive a restart, and it refuses a data folder another process holds.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import type { AppDeps } from '../../../server/deps';
import { openRuntime } from '../../../server/runtime';
import { listFiles } from '../../helpers/test-app';
import { builtEntry } from '../../helpers/built-server';

const ROOT = path.resolve(import.meta.dirname, '../../..');

function runSeed(dataDir: string, count: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    // Always the embedded database: the folder lock is what this test is about.
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, [builtEntry('seed'), '--count', String(count), '--seed', '7'], {
      cwd: ROOT,
      env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-seed-'));
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run seed -- --count N', () => {
  let runtime: AppDeps | undefined;
  afterAll(async () => {
    await runtime?.database.close();
  });

  it('creates 50 works through the real pipeline; reopening the data folder finds them all', { timeout: 240_000 }, async () => {
    const run = await runSeed(dataDir, 50);
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Seeded 50 works by 6 artists \(\d+ with a private prompt, 2 soft-deleted\)/);

    runtime = await openRuntime(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    const { db } = runtime;
    const count = async (relation: 'submissions' | 'public_submissions' | 'tlog_leaves' | 'uploads') =>
      Number(
        (
          await db
            .selectFrom(relation)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('submissions')).toBe(50);
    expect(await count('public_submissions')).toBe(48);
    expect(await count('tlog_leaves')).toBe(52); // 50 created + 2 soft_deleted
    expect(await count('uploads')).toBe(50);

    const rows = await db
      .selectFrom('submissions')
      .select(['registry_id', 'image_hash', 'image_key', 'created_at', 'deleted_at', 'trust_meter', 'artist_name'])
      .execute();
    expect(new Set(rows.map((r) => r.image_hash)).size).toBe(50);
    expect(new Set(rows.map((r) => r.artist_name)).size).toBeLessThanOrEqual(6);
    const oldest = Math.min(...rows.map((r) => new Date(r.created_at).getTime()));
    expect(Date.now() - oldest).toBeGreaterThan(30 * 24 * 60 * 60 * 1000); // spread over the past 400 days
    expect(Date.now() - oldest).toBeLessThanOrEqual(400 * 24 * 60 * 60 * 1000);
    expect(rows.filter((r) => r.deleted_at !== null)).toHaveLength(2);
    expect(listFiles(path.join(dataDir, 'artworks'))).toHaveLength(50);
    expect(listFiles(path.join(dataDir, 'originals'))).toHaveLength(50);
    expect(fs.existsSync(path.join(dataDir, 'outbox'))).toBe(false); // no e-mail from demo data
  });

  it('refuses to run while another process holds the data folder, with a clear message', { timeout: 120_000 }, async () => {
    expect(runtime).toBeDefined(); // the runtime opened above still holds the folder
    const run = await runSeed(dataDir, 5);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('is in use by another process');
  });
});
