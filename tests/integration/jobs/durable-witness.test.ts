// Witness cosignature requests as durable jobs (decision 0065): a request is written with the
// checkpoint it is for, so a process that stops (or is killed) before asking loses nothing: the
// next process asks. A second run of the request is a no-op (the witness is asked for the newest
// checkpoint, which it has already cosigned).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundOf } from '../../../server/app';
import { countJobs } from '../../../server/jobs/jobs-repository';
import { ensureCheckpoint } from '../../../server/tlog/checkpoints';
import { createSigner, generateKeyPair, keyPairToPem } from '../../../server/tlog/keys';
import { WITNESS_JOB } from '../../../server/tlog/witnessing/witnessing';
import { jobsSettled } from '../../helpers/jobs';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { insertLoggedWork } from '../tlog/log-fixtures';
import { startWitness, type WitnessProcess } from '../tlog/witness-processes';

const ORIGIN = 'ledger.test/log';
let dir: string;
let witness: WitnessProcess;
const apps: TestApp[] = [];
let env: Record<string, string>;

beforeAll(async () => {
  const pair = generateKeyPair();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'durable-witness-'));
  witness = await startWitness('witness1.test', path.join(dir, 'w1'), createSigner(ORIGIN, pair).vkey);
  env = {
    TLOG_SIGNING_KEY: keyPairToPem(pair),
    TLOG_ORIGIN: ORIGIN,
    TLOG_WITNESSES: `${witness.vkey} ${witness.url}`,
    JOBS_POLL_SECONDS: '0.5',
  };
});

afterAll(async () => {
  for (const t of apps.reverse()) await t.close();
  await witness?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function cosignedSizes(t: TestApp): Promise<number[]> {
  const { rows } = await sql<{ tree_size: string }>`
    SELECT tree_size FROM tlog_cosignatures WHERE witness_vkey = ${witness.vkey} ORDER BY tree_size`.execute(t.deps.db);
  return rows.map((r) => Number(r.tree_size));
}

const witnessJobs = async (t: TestApp, state: string) =>
  (await countJobs(t.deps.db)).find((c) => c.name === WITNESS_JOB && c.state === state)?.count ?? 0;

describe('witness cosignature requests on the queue', () => {
  it('asks the witness for a checkpoint signed by a process that stopped before asking, once the next process runs the queue', async () => {
    const first = await createTestApp({ env });
    apps.push(first);
    await jobsSettled(first, WITNESS_JOB);
    // This process stops working its queue, as if killed: what it signs now, it never submits.
    await backgroundOf(first.app).jobs.stop();
    for (let i = 0; i < 3; i++) await insertLoggedWork(first.deps.db);
    const checkpoint = await ensureCheckpoint(first.deps);
    expect(checkpoint.treeSize).toBe(3);
    // The request was committed with the checkpoint, and waits.
    expect(await witnessJobs(first, 'created')).toBe(1);
    expect(await cosignedSizes(first)).not.toContain(3);

    const next = await createTestApp({ env, sharedDatabase: first.testDb });
    apps.push(next);
    backgroundOf(next.app).jobs.wake(WITNESS_JOB);
    await jobsSettled(next, WITNESS_JOB);
    expect(await cosignedSizes(next)).toContain(3);
    expect(await witnessJobs(next, 'failed')).toBe(0);

    // A second request for the same checkpoint (a retry, another process) asks for nothing new.
    const before = await cosignedSizes(next);
    await backgroundOf(next.app).jobs.enqueue(next.deps.db, WITNESS_JOB, { vkey: witness.vkey });
    backgroundOf(next.app).jobs.wake(WITNESS_JOB);
    await jobsSettled(next, WITNESS_JOB);
    expect(await cosignedSizes(next)).toEqual(before);
    expect(await witnessJobs(next, 'failed')).toBe(0);
  });
});
