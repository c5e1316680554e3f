// Issue 34: the witness accepts the 64-bit tree sizes C2SP allows (not only those below 2^53),
// and keeps its state folder to its owner (folders 0700, files 0600). Run in-process.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCheckpoint, type WitnessContext } from '../../../server/witness/add-checkpoint';
import { loadWitnessSigner, WITNESS_KEY_FILE } from '../../../server/witness/key';
import { prepareStateDir, StateFolder } from '../../../server/witness/state';
import { createSigner, generateKeyPair } from '../../../server/tlog/keys';
import { signNote } from '../../../server/tlog/note';

const ORIGIN = 'ledger.test/log';
const ABOVE_2_53 = 2n ** 53n + 1n; // 9007199254740993: no JavaScript number holds it
const MAX = 2n ** 64n - 1n;
const logSigner = createSigner(ORIGIN, generateKeyPair());
let dir: string;
let ctx: WitnessContext;

const mode = (file: string) => fs.statSync(file).mode & 0o777;
/** A checkpoint note of any size, written by hand: the log's own formatter stops at 2^53. */
const checkpoint = (size: bigint | string, root = crypto.randomBytes(32)) =>
  signNote(`${ORIGIN}\n${size}\n${root.toString('base64')}\n`, logSigner);
const stateFile = (stateDir = dir) => path.join(stateDir, 'logs', `${crypto.createHash('sha256').update(ORIGIN).digest('hex')}.json`);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'witness-unit-'));
  // As an operator would leave it: readable by everyone.
  fs.chmodSync(dir, 0o755);
  await prepareStateDir(dir);
  ctx = {
    signer: await loadWitnessSigner('witness.test', dir),
    state: new StateFolder(dir),
    logs: new Map([[ORIGIN, logSigner.vkey]]),
    now: () => new Date('2026-11-28T12:00:00Z'),
  };
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('witness tree sizes up to 2^64 - 1', () => {
  const root = crypto.randomBytes(32);

  it('cosigns a first checkpoint of 2^53 + 1 entries and keeps the size exactly, as a decimal string', async () => {
    const reply = await addCheckpoint(ctx, `old 0\n\n${checkpoint(ABOVE_2_53, root)}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatch(/^— witness\.test \S+\n$/);
    expect(await ctx.state.read(ORIGIN)).toEqual({ origin: ORIGIN, treeSize: ABOVE_2_53, rootHash: root.toString('base64') });
    expect(JSON.parse(fs.readFileSync(stateFile(), 'utf8'))).toEqual({
      origin: ORIGIN,
      treeSize: '9007199254740993',
      rootHash: root.toString('base64'),
    });
  });

  it('cosigns the same checkpoint again with that old size, and refuses a fork at it with 409 and the exact size', async () => {
    expect((await addCheckpoint(ctx, `old ${ABOVE_2_53}\n\n${checkpoint(ABOVE_2_53, root)}`)).status).toBe(200);
    const fork = await addCheckpoint(ctx, `old ${ABOVE_2_53}\n\n${checkpoint(ABOVE_2_53)}`);
    expect(fork).toEqual({ status: 409, contentType: 'text/x.tlog.size', body: '9007199254740993\n' });
    // One less is another old size than the one held: a rollback.
    const rollback = await addCheckpoint(ctx, `old ${ABOVE_2_53 - 1n}\n\n${checkpoint(ABOVE_2_53, root)}`);
    expect(rollback).toEqual({ status: 409, contentType: 'text/x.tlog.size', body: '9007199254740993\n' });
  });

  it('checks the consistency proof up to 2^64 - 1 entries, and refuses sizes past it as malformed', async () => {
    const proof = crypto.randomBytes(32).toString('base64');
    const bad = await addCheckpoint(ctx, `old ${ABOVE_2_53}\n${proof}\n\n${checkpoint(MAX)}`);
    expect(bad).toEqual({
      status: 422,
      contentType: 'text/plain; charset=utf-8',
      body: 'The consistency proof from size 9007199254740993 to 18446744073709551615 does not verify.\n',
    });
    const tooBig = await addCheckpoint(ctx, `old 0\n\n${checkpoint('18446744073709551616')}`);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toBe(
      "The checkpoint is malformed: checkpoint tree size '18446744073709551616' is not a decimal number from 0 to 2^64 - 1\n",
    );
    expect((await addCheckpoint(ctx, `old 18446744073709551616\n\n${checkpoint(MAX)}`)).body).toBe(
      "The first line must be 'old <tree size>'.\n",
    );
    expect((await ctx.state.read(ORIGIN))?.treeSize).toBe(ABOVE_2_53);
  });

  it('still reads a state file that earlier versions wrote with a number', async () => {
    const oldDir = fs.mkdtempSync(path.join(os.tmpdir(), 'witness-old-'));
    fs.mkdirSync(path.join(oldDir, 'logs'));
    fs.writeFileSync(stateFile(oldDir), JSON.stringify({ origin: ORIGIN, treeSize: 4, rootHash: root.toString('base64') }));
    expect(await new StateFolder(oldDir).read(ORIGIN)).toEqual({ origin: ORIGIN, treeSize: 4n, rootHash: root.toString('base64') });
    fs.rmSync(oldDir, { recursive: true, force: true });
  });
});

describe('witness state folder permissions', () => {
  it('narrows an existing state folder to 0700, creates its logs folder 0700, and writes the key and state files 0600', () => {
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, 'logs'))).toBe(0o700);
    expect(mode(path.join(dir, WITNESS_KEY_FILE))).toBe(0o600);
    expect(mode(stateFile())).toBe(0o600);
  });

  it('creates a missing state folder 0700', async () => {
    const fresh = path.join(dir, 'nested', 'state');
    await prepareStateDir(fresh);
    expect(mode(fresh)).toBe(0o700);
    expect(mode(path.join(fresh, 'logs'))).toBe(0o700);
  });
});
