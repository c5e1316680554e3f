// Two server processes appending to one PostgreSQL at once must still build one log: leaf
// positions 0..N-1 exactly once each, and a checkpoint root equal to a naive recomputation.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { ensureCheckpoint } from '../../../server/tlog/checkpoints';
import { refLeafHash, refParseCheckpoint, refRoot, refVerifyNote } from './reference-verifier';

const run = promisify(execFile);
const PER_PROCESS = 120;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const BARRIER_LOCK = 727_100_099;

async function waitForWaiters(client: pg.Client, count: number): Promise<void> {
  for (let tries = 0; tries < 600; tries++) {
    const res = await client.query(
      "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND NOT granted",
      [BARRIER_LOCK],
    );
    if (res.rows[0].n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The append workers did not reach the start barrier within 60 s');
}

describe('transparency log: appends from two processes sharing PostgreSQL', () => {
  let t: TestApp | undefined;
  beforeAll(async () => {
    if (onPostgres) t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`gives ${2 * PER_PROCESS} leaves the positions 0..${2 * PER_PROCESS - 1} with no gap or duplicate, and a correct root`, async (ctx) => {
    if (!t?.testDb.url) {
      ctx.skip('needs a PostgreSQL server (set TEST_DATABASE_URL); the embedded PGlite database serves one process only');
      return;
    }
    const url = t.testDb.url;
    // A start barrier: this connection holds an advisory lock until both workers wait for it.
    const barrier = new pg.Client({ connectionString: url });
    await barrier.connect();
    let outputs: Array<{ stdout: string }>;
    try {
      await barrier.query('SELECT pg_advisory_lock($1)', [BARRIER_LOCK]);
      const worker = () =>
        run('node', ['--import', 'tsx', 'tests/integration/tlog/append-worker.ts', url, String(PER_PROCESS), String(BARRIER_LOCK)], {
          cwd: process.cwd(),
        });
      const running = Promise.all([worker(), worker()]);
      await waitForWaiters(barrier, 2);
      await barrier.query('SELECT pg_advisory_unlock($1)', [BARRIER_LOCK]);
      outputs = await running;
    } finally {
      await barrier.end();
    }
    const perProcess = outputs.map((o) => JSON.parse(o.stdout) as { pid: number; indexes: number[] });
    expect(perProcess[0].pid).not.toBe(perProcess[1].pid);
    // Both processes really interleaved (neither ran all its appends before the other began).
    for (const p of perProcess) {
      expect(p.indexes).toHaveLength(PER_PROCESS);
      expect(Math.min(...p.indexes)).toBeLessThan(PER_PROCESS);
    }
    const given = perProcess.flatMap((p) => p.indexes).sort((a, b) => a - b);
    expect(given).toEqual(Array.from({ length: 2 * PER_PROCESS }, (_, i) => i));

    const rows = await t.deps.db
      .selectFrom('tlog_leaves')
      .select(['leaf_index', 'leaf_hash', 'canonical_json'])
      .orderBy('leaf_index')
      .execute();
    expect(rows.map((r) => Number(r.leaf_index))).toEqual(given);
    const leaves = rows.map((r) => refLeafHash(r.canonical_json));
    expect(leaves.map((h) => h.toString('hex'))).toEqual(rows.map((r) => r.leaf_hash));

    const checkpoint = await ensureCheckpoint(t.deps);
    const vkey = (await t.app.inject({ method: 'GET', url: '/api/log/key' })).body;
    expect(refVerifyNote(checkpoint.note, vkey)).toBe(true);
    expect(refParseCheckpoint(checkpoint.note)).toMatchObject({ size: 2 * PER_PROCESS, rootHex: refRoot(leaves).toString('hex') });
  });
});
