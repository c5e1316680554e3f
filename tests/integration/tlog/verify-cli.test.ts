// `npm run verify -- <proof bundle> [image] [--key <vkey>]`, run as a separate process on
// bundles the server produced (getProofBundle), fully offline.
import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { getProofBundle, type ProofBundle } from '../../../server/tlog/proofs';
import { insertLoggedWork, type LoggedWork } from './log-fixtures';
import { refFormatVkey } from './reference-verifier';

interface CliResult {
  code: number;
  stdout: string;
}

function verifyCli(...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile('node', ['--import', 'tsx', 'server/cli/verify.ts', ...args], { cwd: process.cwd() }, (err, stdout) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout });
    });
  });
}

let t: TestApp;
let dir: string;
let work: LoggedWork;
let bundle: ProofBundle;
let vkey: string;
const image = crypto.randomBytes(5000);

const write = (name: string, content: string | Buffer) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
};

beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(t.dataDir, 'verify-'));
  for (let i = 0; i < 4; i++) await insertLoggedWork(t.deps.db);
  work = await insertLoggedWork(t.deps.db, { image_hash: crypto.createHash('sha256').update(image).digest('hex') });
  await insertLoggedWork(t.deps.db);
  bundle = (await getProofBundle(t.deps, work.id))!;
  vkey = (await t.app.inject({ method: 'GET', url: '/api/log/key' })).body;
});
afterAll(async () => {
  await t?.close();
});

describe('offline verify command', () => {
  it('passes every check for a bundle, its image and the pinned log key, and exits 0', async () => {
    const result = await verifyCli(write('proof.json', JSON.stringify(bundle)), write('art.png', image), '--key', vkey);
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines.filter((l) => l.startsWith('✓'))).toEqual([
      `✓ Log entry matches leaf hash ${bundle.leaf_hash}`,
      `✓ Inclusion proof: entry 4 is in the log of 6 entries (root ${Buffer.from(bundle.checkpoint.split('\n')[2], 'base64').toString('hex')})`,
      `✓ Checkpoint of 'ledger.test/log' is signed by the log key ${vkey.split('+').slice(0, 2).join('+')}`,
      `✓ Image file ${path.join(dir, 'art.png')} has the registered SHA-256 ${work.image_hash}`,
    ]);
    expect(lines).toContain(`  ${work.registry_id} · created · ${work.created_at.toISOString()} · image SHA-256 ${work.image_hash}`);
    expect(result.stdout).not.toContain('✗');
    expect(result.stdout).not.toContain('!');
    expect(result.stdout).toContain('All checks passed.');
  });

  it('accepts the JSON-LD export holding the bundle under "proof", warning that the key came from the bundle', async () => {
    const jsonLd = { '@context': 'https://schema.org', '@type': 'VisualArtwork', identifier: work.registry_id, proof: bundle };
    const result = await verifyCli(write('proof.jsonld', JSON.stringify(jsonLd)));
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('! The log key was taken from the bundle itself');
    expect(result.stdout).toContain('All checks passed.');
  });

  it('fails (exit 1) for an image file that differs from the registered one', async () => {
    const changed = Buffer.from(image);
    changed[100] ^= 0xff;
    const result = await verifyCli(write('proof.json', JSON.stringify(bundle)), write('changed.png', changed), '--key', vkey);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`✗ Image file ${path.join(dir, 'changed.png')} has SHA-256 ${crypto.createHash('sha256').update(changed).digest('hex')}, not the registered ${work.image_hash}`);
    expect(result.stdout).toContain('1 check failed.');
  });

  it('fails (exit 1) for a tampered proof hash, a tampered entry, and a checkpoint signed by another key', async () => {
    const flipped = bundle.hashes.map((h, i) => (i === 0 ? h.replace(/^./, (c) => (c === 'f' ? 'e' : 'f')) : h));
    const badProof = await verifyCli(write('bad-proof.json', JSON.stringify({ ...bundle, hashes: flipped })), '--key', vkey);
    expect(badProof.code).toBe(1);
    expect(badProof.stdout).toContain(`✗ Inclusion proof for entry 4 does not lead to the checkpoint's root hash`);

    const otherImage = '0'.repeat(64);
    const entry = bundle.leaf_canonical_json.replace(work.image_hash, otherImage);
    const badEntry = await verifyCli(write('bad-entry.json', JSON.stringify({ ...bundle, leaf_canonical_json: entry })), write('art.png', image), '--key', vkey);
    expect(badEntry.code).toBe(1);
    expect(badEntry.stdout).toContain('✗ Log entry hashes to');
    expect(badEntry.stdout).toContain(`not the registered ${otherImage}`);

    // Pinned to another key (same log name), the checkpoint's signature does not verify.
    const otherKey = refFormatVkey('ledger.test/log', crypto.generateKeyPairSync('ed25519').publicKey);
    const result = await verifyCli(write('proof.json', JSON.stringify(bundle)), '--key', otherKey);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`✗ Checkpoint is not validly signed by the log key ${otherKey.split('+').slice(0, 2).join('+')}`);
    expect(result.stdout).toContain('! The bundle names a different log key than the one given with --key; only --key was used.');
  });

  it('explains a file that is not a proof bundle (exit 1) and a missing argument (exit 2)', async () => {
    const notBundle = await verifyCli(write('other.json', JSON.stringify({ hello: 'world' })));
    expect(notBundle.code).toBe(1);
    expect(notBundle.stdout).toContain('is not a proof bundle (expected leaf_hash, leaf_index, tree_size, hashes and checkpoint)');
    expect((await verifyCli()).code).toBe(2);
  });
});
