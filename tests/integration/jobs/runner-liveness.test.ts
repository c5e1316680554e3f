// A process killed (kill -9) in the middle of a periodic run (decision 0073): pg-boss alone counts
// the run as running until its 15-minute time-out, and the kind's next periods wait behind it. With
// runner liveness, the next process to run the queue sees the dead process's silence within
// seconds, fails the orphaned run with the reason, and runs the next period. On the embedded
// database the second process starts on the same data folder once the first is dead (a
// one-process deployment restarting); on PostgreSQL it runs beside. Takes two to three minutes:
// periods are minutes.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_SCHEMA } from '../../../server/db/job-sql';
import { openDatabase, type Database } from '../../../server/db/database';
import { ROOT } from '../../helpers/server-process';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../helpers/test-database';

interface Probe {
  child: ChildProcess;
  exited: Promise<void>;
  /** Resolves with the first line of stdout that starts with `prefix`. */
  line(prefix: string, timeoutMs: number): Promise<string>;
}

function startProbe(mode: 'hang' | 'finish', env: Record<string, string>): Probe {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/periodic-probe-process.ts', mode], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    child,
    exited,
    async line(prefix, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = stdout.split('\n').find((l) => l.startsWith(prefix));
        if (found) return found;
        if (child.exitCode !== null) throw new Error(`probe exited: ${stderr}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`no '${prefix}' line within ${timeoutMs} ms; stderr: ${stderr}`);
    },
  };
}

let testDb: TestDatabase | undefined;
let dataDir: string | undefined;
const probes: Probe[] = [];

beforeAll(async () => {
  if (testDatabaseKind === 'postgres') testDb = await createTestDatabase({ migrated: false });
  else dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-liveness-'));
});

afterAll(async () => {
  for (const probe of probes) {
    if (probe.child.exitCode === null && probe.child.signalCode === null) probe.child.kill('SIGKILL');
    await probe.exited;
  }
  await testDb?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe(`a periodic run whose process is killed (${testDatabaseKind})`, () => {
  it(
    'is failed with its reason once the process is silent, and the next period runs in another process within about a minute',
    { timeout: 300_000 },
    async () => {
      const env: Record<string, string> = testDb ? { DATABASE_URL: testDb.url! } : { DATA_DIR: dataDir! };
      const hanging = startProbe('hang', env);
      probes.push(hanging);
      await hanging.line('ready', 120_000);
      // The minute's run starts and hangs: then the process dies without a word.
      await hanging.line('started', 150_000);
      hanging.child.kill('SIGKILL');
      await hanging.exited;
      const killedAt = Date.now();

      const next = startProbe('finish', env);
      probes.push(next);
      expect(await next.line('finished', 150_000)).toBe(`finished ${next.child.pid}`);
      // Within a period and the silence a process is allowed (30 s), not the 15-minute time-out.
      expect(Date.now() - killedAt).toBeLessThan(120_000);

      next.child.kill('SIGKILL');
      await next.exited;
      const database: Database = testDb ? await openDatabase({ databaseUrl: testDb.url! }) : await openDatabase({ dataDir: dataDir! });
      try {
        const { rows } = await database.pool.query<{ state: string; message: string }>(
          `SELECT state::text AS state, output->>'message' AS message FROM ${JOB_SCHEMA}.job
           WHERE name = 'liveness-probe' AND state = 'failed'`,
        );
        expect(rows).toHaveLength(1);
        expect(rows[0]!.message).toMatch(new RegExp(`^its process \\(.+:${hanging.child.pid}/[0-9a-f]{8}\\) stopped running$`));
      } finally {
        await database.close();
      }
    },
  );
});
