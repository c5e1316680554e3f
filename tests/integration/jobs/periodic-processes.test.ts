// Periodic work with three server processes on one PostgreSQL database (decision 0065): each
// minute's job of each periodic kind runs once, in one of the processes, not once per process; and
// when the process that ran the last one is killed (kill -9), the next minute's runs in another.
// The finished job keeps which process ran it (its output). PostgreSQL only: the embedded database
// serves one process. Takes about three minutes: the periods are minutes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { JOB_SCHEMA } from '../../../server/db/job-sql';
import { pause, startServerProcess, type ServerProcess } from '../../helpers/server-process';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

const unavailable = process.env.TEST_DATABASE_URL
  ? undefined
  : 'needs a PostgreSQL server (set TEST_DATABASE_URL): the embedded database serves one process only';
const MINUTE_KINDS = ['log-checkpoint', 'watch-alerts'];
const LOG_KEY = crypto.generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

interface Run {
  name: string;
  /** When the scheduler queued it, in ms since the epoch. */
  queued: number;
  ran_by: string | null;
  state: string;
}

let testDb: TestDatabase;
const servers: ServerProcess[] = [];
const dataDirs: string[] = [];

beforeAll(async () => {
  if (unavailable) return;
  testDb = await createTestDatabase();
  for (let i = 0; i < 3; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ledger-periodic-${i}-`));
    dataDirs.push(dataDir);
    servers.push(
      await startServerProcess({
        dataDir,
        databaseUrl: testDb.url,
        env: { TLOG_SIGNING_KEY: LOG_KEY, JOBS_POLL_SECONDS: '0.5', JOBS_MAINTENANCE_SECONDS: '5' },
        readyPath: '/api/health',
        startTimeoutMs: 120_000,
      }),
    );
  }
}, 400_000);

afterAll(async () => {
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
  await testDb?.drop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** The runs of the minute kinds, oldest first: one row per job, when it was queued, its state and process. */
async function runs(): Promise<Run[]> {
  const { rows } = await sql<Run>`
    SELECT name, (extract(epoch FROM created_on) * 1000)::float8 AS queued, output->>'ran_by' AS ran_by, state::text AS state
    FROM ${sql.id(JOB_SCHEMA, 'job')} WHERE name IN (${sql.join(MINUTE_KINDS)})
    ORDER BY created_on, name`.execute(testDb.database.db);
  return rows;
}

/**
 * One job per period: consecutive jobs of a kind were queued at least 20 s apart (the scheduler
 * queues a minute's job within about half a minute of the minute's start), never side by side as
 * three processes each with its own timer would queue them.
 */
function expectOnePerPeriod(all: Run[]): void {
  for (const kind of MINUTE_KINDS) {
    const queued = all.filter((r) => r.name === kind).map((r) => r.queued);
    const gaps = queued.slice(1).map((at, i) => at - queued[i]);
    expect(
      gaps.filter((gap) => gap < 20_000),
      `${kind} queued at ${queued.map((at) => new Date(at).toISOString()).join(', ')}`,
    ).toEqual([]);
  }
}

const processOf = (server: ServerProcess) => `${os.hostname()}:${server.child.pid}`;

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}: ${JSON.stringify(await runs())}`);
    await pause(1000);
  }
}

describe('periodic jobs with three processes on one database', () => {
  it(
    'runs each minute job once per minute, and in another process once the one that ran it is killed',
    { timeout: 400_000 },
    async (ctx: TestContext) => {
      if (unavailable) return ctx.skip(unavailable);
      const alive = () => servers.filter((s) => s.child.exitCode === null && s.child.signalCode === null).map(processOf);
      const completedMinutes = async (kind: string) => (await runs()).filter((r) => r.name === kind && r.state === 'completed');

      // Three minutes' runs of each kind: one each, whichever of the three processes ran it.
      await waitFor(
        async () => (await Promise.all(MINUTE_KINDS.map(completedMinutes))).every((r) => r.length >= 3),
        'three completed minutes',
        240_000,
      );
      const before = await runs();
      expectOnePerPeriod(before);
      for (const run of before.filter((r) => r.state === 'completed')) expect(alive()).toContain(run.ran_by);

      // Kill the process that ran the newest checkpoint job.
      const newest = (await completedMinutes('log-checkpoint')).at(-1)!;
      const victim = servers.find((s) => processOf(s) === newest.ran_by)!;
      victim.child.kill('SIGKILL');
      await victim.exited;
      const killedAt = Date.now();

      // The next minute's job is run, by a process still alive. When the killed process was also
      // the one whose scheduler queued the minutes, another process's scheduler takes over first
      // (pg-boss checks its cron every 30-60 s), so the bound is two periods and the polling; a
      // loaded CI machine once took 89 s to queue that minute.
      await waitFor(
        async () => (await completedMinutes('log-checkpoint')).some((r) => r.queued > newest.queued),
        'the next minute after the kill',
        150_000,
      );
      expect(Date.now() - killedAt).toBeLessThan(150_000);
      const next = (await completedMinutes('log-checkpoint')).find((r) => r.queued > newest.queued)!;
      // Within one period: the run after the kill is the very next minute's, none was lost.
      const minuteOf = (run: Run) => Math.floor(run.queued / 60_000);
      expect(minuteOf(next) - minuteOf(newest)).toBe(1);
      expect(next.ran_by).not.toBe(newest.ran_by);
      expect(alive()).toContain(next.ran_by);
      expectOnePerPeriod(await runs());
    },
  );
});
