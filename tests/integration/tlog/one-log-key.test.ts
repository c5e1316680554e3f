// One log, one key (issue 14): server processes with separate data folders on one database.
// The first records the log's origin and public key; one with another key refuses to start;
// processes given the same key serve checkpoints that verify with the one published key; a
// database from before the key was recorded adopts a key only if it signed the newest
// checkpoint; a new key is a new log origin.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { AppDeps } from '../../../server/deps';
import { LocalFolderStore } from '../../../server/storage/local-folder-store';
import { signCheckpoint } from '../../../server/tlog/checkpoint';
import { ensureCheckpoint } from '../../../server/tlog/checkpoints';
import { toHex } from '../../../server/tlog/hex';
import { createSigner, generateKeyPair, keyPairFromPem, keyPairToPem, loadOrCreateKey } from '../../../server/tlog/keys';
import { checkpointAt, insertCheckpoint } from '../../../server/tlog/log-repository';
import { logRoot } from '../../../server/tlog/log-tree';
import { verifyNote } from '../../../server/tlog/note';
import { witnessedProofBundle } from '../../../server/tlog/witnessing/proof-bundle';
import { verifyProofBundle } from '../../../core/tlog-verify';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';
import { insertLoggedWork } from './log-fixtures';

const ORIGIN = 'ledger.test/log';
const HOW_TO_FIX =
  'Start every server process with the same key (TLOG_SIGNING_KEY or TLOG_SIGNING_KEY_FILE), or start a new log origin (TLOG_ORIGIN) to change keys.';

const originMismatch = (configured: string) =>
  `The transparency log in this database is '${ORIGIN}', but this process is configured for '${configured}' ` +
  `(TLOG_ORIGIN, or the host of SITE_URL when TLOG_ORIGIN is unset). Set TLOG_ORIGIN=${ORIGIN}; a new log origin is only for a new key.`;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-key-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

interface Process {
  app: FastifyInstance;
  deps: AppDeps;
  dataDir: string;
}

/** Another server process on the same database: its own data folder and configuration. */
async function processOn(
  database: TestDatabase['database'],
  env: Record<string, string> = {},
  options: { keep?: boolean } = {},
): Promise<Process> {
  const dataDir = options.keep ? fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-key-')) : tempDir();
  const config = loadConfig({
    RATE_LIMIT_DISABLED: '1',
    LOG_LEVEL: 'silent',
    SITE_URL: 'http://ledger.test',
    ...env,
    DATA_DIR: dataDir,
  });
  const deps: AppDeps = { config, database, db: database.db, store: new LocalFolderStore(dataDir), now: () => new Date() };
  const app = await buildApp(deps, { logger: false });
  if (!options.keep) cleanups.push(() => app.close());
  return { app, deps, dataDir };
}

async function firstApp(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({ env });
  cleanups.push(() => t.close());
  return t;
}

const newPem = () => keyPairToPem(generateKeyPair());
const text = async (app: FastifyInstance, url: string) => (await app.inject({ method: 'GET', url })).body;

describe('one log, one key', () => {
  // Two processes given the same key (A by TLOG_SIGNING_KEY, B by TLOG_SIGNING_KEY_FILE) on one
  // database, for the whole block; the cleanups after each test leave them running.
  let a: TestApp;
  let b: Process;
  beforeAll(async () => {
    const pem = newPem();
    const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-key-'));
    const keyFile = path.join(keyDir, 'log-key.pem');
    fs.writeFileSync(keyFile, pem, { mode: 0o600 });
    a = await createTestApp({ env: { TLOG_SIGNING_KEY: pem } });
    b = await processOn(a.deps.database, { TLOG_SIGNING_KEY_FILE: keyFile }, { keep: true });
    await b.app.ready();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });
  afterAll(async () => {
    await b?.app.close();
    if (b) fs.rmSync(b.dataDir, { recursive: true, force: true });
    await a?.close();
  });

  it('refuses to start a third process with a key of its own, saying how to fix it', async () => {
    const recordedVkey = await text(a.app, '/api/log/key');
    const third = await processOn(a.deps.database);
    const error = await third.app.ready().then(
      () => undefined,
      (err: Error) => err,
    );
    const ownVkey = (await loadOrCreateKey(third.dataDir, ORIGIN)).vkey;
    expect(ownVkey).not.toBe(recordedVkey);
    expect(error?.message).toBe(
      `The transparency log '${ORIGIN}' is signed with the key ${recordedVkey}, but this process has the key ${ownVkey}. ${HOW_TO_FIX}`,
    );
  });

  it('serves checkpoints from either process that verify with the one published key', async () => {
    const published = await text(a.app, '/api/log/key');
    expect(await text(b.app, '/api/log/key')).toBe(published);

    // Registered through A, proved through B at once: B signs the new size.
    const work = await insertLoggedWork(a.deps.db);
    const bundle = await witnessedProofBundle(b.deps, work.id);
    expect(bundle).toMatchObject({ leaf_index: work.leafIndex, tree_size: work.leafIndex + 1, vkey: published });
    expect(await verifyProofBundle(bundle!, published)).toMatchObject({ ok: true, reasons: [] });

    // A serves the checkpoint B signed, and it verifies with the key A publishes.
    const checkpoint = await text(a.app, '/api/log/checkpoint');
    expect(checkpoint.startsWith(`${ORIGIN}\n${work.leafIndex + 1}\n`)).toBe(true);
    expect(verifyNote(checkpoint, published)).toBe(true);
    expect(await verifyProofBundle((await witnessedProofBundle(a.deps, work.id))!, published)).toMatchObject({ ok: true });
  });

  it('signs one note per size when both processes make a checkpoint at once', async () => {
    for (let round = 0; round < 5; round++) {
      const work = await insertLoggedWork(a.deps.db);
      const [fromA, fromB] = await Promise.all([ensureCheckpoint(a.deps), ensureCheckpoint(b.deps)]);
      expect(fromA.treeSize).toBe(work.leafIndex + 1);
      expect(fromB).toEqual(fromA);
      expect(await checkpointAt(a.deps.db, work.leafIndex + 1)).toEqual(fromA);
    }
  });
});

describe('a database whose checkpoints predate the recorded key', () => {
  // Three logged works and a checkpoint signed by `pem`, and no recorded key. The refusals
  // record nothing, so the tests share it, in order; the last one records the key.
  const pem = newPem();
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    const { db } = testDb.database;
    for (let i = 0; i < 3; i++) await insertLoggedWork(db);
    const root = await logRoot(db, 3);
    const note = signCheckpoint({ origin: ORIGIN, treeSize: 3, rootHash: root }, createSigner(ORIGIN, keyPairFromPem(pem)));
    await insertCheckpoint(db, { treeSize: 3, rootHash: toHex(root), note }, new Date());
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  const recordedKeys = async () =>
    (await sql<{ origin: string; vkey: string }>`SELECT origin, vkey FROM tlog_identity ORDER BY origin`.execute(testDb.database.db))
      .rows;

  it('refuses a key that did not sign the newest checkpoint, and records nothing', async () => {
    const other = await processOn(testDb.database);
    const error = await other.app.ready().then(
      () => undefined,
      (err: Error) => err,
    );
    const ownVkey = (await loadOrCreateKey(other.dataDir, ORIGIN)).vkey;
    expect(error?.message).toBe(
      `The newest checkpoint of the transparency log '${ORIGIN}' (size 3) is not signed with this process's key ${ownVkey}. ${HOW_TO_FIX}`,
    );
    expect(await recordedKeys()).toEqual([]);
  });

  it('refuses the key that signed the newest checkpoint under another origin name', async () => {
    const p = await processOn(testDb.database, { TLOG_ORIGIN: 'elsewhere.test/log', TLOG_SIGNING_KEY: pem });
    await expect(p.app.ready()).rejects.toThrow(originMismatch('elsewhere.test/log'));
    expect(await recordedKeys()).toEqual([]);
  });

  it('records the key that signed the newest checkpoint and starts', async () => {
    const p = await processOn(testDb.database, { TLOG_SIGNING_KEY: pem });
    await p.app.ready();
    const vkey = await text(p.app, '/api/log/key');
    expect(await recordedKeys()).toEqual([{ origin: ORIGIN, vkey }]);
    expect(verifyNote(await text(p.app, '/api/log/checkpoint'), vkey)).toBe(true);
  });
});

describe('a new key is a new log origin', () => {
  it('starts the new origin with a new key, keeps the old notes apart, and stops the old origin from signing or restarting', async () => {
    const oldPem = newPem();
    const old = await firstApp({ TLOG_SIGNING_KEY: oldPem });
    await insertLoggedWork(old.deps.db);
    const oldCheckpoint = await ensureCheckpoint(old.deps);
    expect(oldCheckpoint.treeSize).toBe(1);

    // The log's own key under another origin name is a mistake (say, a mistyped SITE_URL): refused.
    const mistyped = await processOn(old.deps.database, { SITE_URL: 'http://ledgr.test', TLOG_SIGNING_KEY: oldPem });
    await expect(mistyped.app.ready()).rejects.toThrow(originMismatch('ledgr.test/log'));

    const rotated = await processOn(old.deps.database, { TLOG_ORIGIN: 'ledger.test/log2', TLOG_SIGNING_KEY: newPem() });
    await rotated.app.ready();
    const newVkey = await text(rotated.app, '/api/log/key');
    expect(newVkey.startsWith('ledger.test/log2+')).toBe(true);
    const checkpoint = await text(rotated.app, '/api/log/checkpoint');
    expect(checkpoint.startsWith('ledger.test/log2\n1\n')).toBe(true);
    expect(verifyNote(checkpoint, newVkey)).toBe(true);

    const retired = await sql<{ origin: string; tree_size: string; note: string }>`
      SELECT origin, tree_size, note FROM tlog_retired_checkpoints ORDER BY tree_size`.execute(old.deps.db);
    expect(retired.rows.map((r) => [r.origin, Number(r.tree_size)])).toEqual([
      [ORIGIN, 0],
      [ORIGIN, 1],
    ]);
    expect(retired.rows[1].note).toBe(oldCheckpoint.note);

    const retiredMessage = `The log origin '${ORIGIN}' was retired when a newer origin started; an origin is never reused. Set TLOG_ORIGIN to a new origin.`;
    await insertLoggedWork(old.deps.db);
    await expect(ensureCheckpoint(old.deps)).rejects.toThrow(retiredMessage);
    const restarted = await processOn(old.deps.database, { TLOG_SIGNING_KEY: oldPem });
    await expect(restarted.app.ready()).rejects.toThrow(retiredMessage);
  });
});
