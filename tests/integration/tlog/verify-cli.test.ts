// `npm run verify -- <proof bundle> [image] (--site <URL> | --key <vkey> | --key-file <file>)`,
// run as a separate process on bundles the server produced (getProofBundle) and on forged ones.
// Issue 15: the key inside a bundle is never trusted, so a bundle re-signed with a fresh key fails.
import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { getProofBundle, type ProofBundle } from '../../../server/tlog/proofs';
import { signCheckpoint } from '../../../server/tlog/checkpoint';
import { createSigner, generateKeyPair } from '../../../server/tlog/keys';
import { NO_KEY_MESSAGE } from '../../../server/cli/trusted-key';
import { insertLoggedWork, type LoggedWork } from './log-fixtures';
import { refFormatVkey, refLeafHash } from './reference-verifier';

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

let t: TestApp;
let dir: string;
let configHome: string;
let work: LoggedWork;
let bundle: ProofBundle;
let vkey: string;
let site: string;
const image = crypto.randomBytes(5000);
const label = (key: string) => key.split('+').slice(0, 2).join('+');

/** Runs the command with its own config folder, so pins never touch the user's real one. */
function verifyCli(...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      'node',
      ['--import', 'tsx', 'server/cli/verify.ts', ...args],
      { cwd: process.cwd(), env: { ...process.env, XDG_CONFIG_HOME: configHome } },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const write = (name: string, content: string | Buffer) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
};
const knownLogs = () => JSON.parse(fs.readFileSync(path.join(configHome, 'veriwork', 'known-logs.json'), 'utf8'));

/**
 * What a forger makes: an entry claiming their own image was registered, a one-leaf "log" around
 * it, and a checkpoint for the log's origin signed by a key made a moment ago, named in the bundle.
 */
function forgedBundle(): { forged: ProofBundle; forgedVkey: string } {
  const entry = bundle.leaf_canonical_json.replace(work.image_hash, crypto.createHash('sha256').update('forged image').digest('hex'));
  const leafHash = refLeafHash(entry);
  const signer = createSigner('ledger.test/log', generateKeyPair());
  const checkpoint = signCheckpoint({ origin: 'ledger.test/log', treeSize: 1, rootHash: leafHash }, signer);
  return {
    forged: {
      ...bundle,
      leaf_canonical_json: entry,
      leaf_hash: leafHash.toString('hex'),
      leaf_index: 0,
      tree_size: 1,
      hashes: [],
      checkpoint,
      vkey: signer.vkey,
    },
    forgedVkey: signer.vkey,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(t.dataDir, 'verify-'));
  configHome = path.join(dir, 'config');
  for (let i = 0; i < 4; i++) await insertLoggedWork(t.deps.db);
  work = await insertLoggedWork(t.deps.db, { image_hash: crypto.createHash('sha256').update(image).digest('hex') });
  await insertLoggedWork(t.deps.db);
  bundle = (await getProofBundle(t.deps, work.id))!;
  vkey = (await t.app.inject({ method: 'GET', url: '/api/log/key' })).body;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  site = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

describe('verify command: genuine bundles', () => {
  it('passes every check for a bundle, its image and the log key given with --key, and exits 0', async () => {
    const result = await verifyCli(write('proof.json', JSON.stringify(bundle)), write('art.png', image), '--key', vkey);
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines.filter((l) => l.startsWith('✓'))).toEqual([
      `✓ Log entry matches leaf hash ${bundle.leaf_hash}`,
      `✓ Inclusion proof: entry 4 is in the log of 6 entries (root ${Buffer.from(bundle.checkpoint.split('\n')[2], 'base64').toString('hex')})`,
      `✓ Checkpoint of 'ledger.test/log' is signed by the log key ${label(vkey)}`,
      `✓ Image file ${path.join(dir, 'art.png')} has the registered SHA-256 ${work.image_hash}`,
    ]);
    expect(lines).toContain(`  ${work.registry_id} · created · ${work.created_at.toISOString()} · image SHA-256 ${work.image_hash}`);
    expect(result.stdout).not.toContain('✗');
    expect(result.stdout).not.toContain('!');
    expect(result.stdout).toContain('All checks passed.');
  });

  it('takes the key from a file with --key-file, and reads the JSON-LD export holding the bundle under "proof"', async () => {
    const jsonLd = { '@context': 'https://schema.org', '@type': 'VisualArtwork', identifier: work.registry_id, proof: bundle };
    const result = await verifyCli(write('proof.jsonld', JSON.stringify(jsonLd)), '--key-file', write('log.vkey', `${vkey}\n`));
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('!');
    expect(result.stdout).toContain(`✓ Checkpoint of 'ledger.test/log' is signed by the log key ${label(vkey)}`);
    expect(result.stdout).toContain('All checks passed.');
  });
});

describe('verify command: forged and tampered bundles', () => {
  it('rejects (exit 1) a forged bundle re-signed with a fresh key under the log name, and refuses to run (exit 2) without a trusted key', async () => {
    const { forged, forgedVkey } = forgedBundle();
    const file = write('forged.json', JSON.stringify(forged));
    const [withKey, withoutKey] = await Promise.all([verifyCli(file, '--key', vkey), verifyCli(file)]);

    expect(withKey.code).toBe(1);
    expect(withKey.stdout.split('\n').filter((l) => l.startsWith('✗'))).toEqual([
      `✗ Checkpoint is not validly signed by the log key ${label(vkey)}`,
      `✗ The bundle names the log key ${label(forgedVkey)}, not the trusted key ${label(vkey)}: it was not issued by the log you trust`,
    ]);
    expect(withKey.stdout).toContain('2 checks failed.');
    expect(withKey.stdout).not.toContain('All checks passed.');

    // Before issue 15 this printed "All checks passed." and exited 0, trusting the bundle's key.
    expect(withoutKey.code).toBe(2);
    expect(withoutKey.stdout).toBe('');
    expect(withoutKey.stderr).toBe(
      `${NO_KEY_MESSAGE}\n\nUsage: npm run verify -- <proof bundle or .tlog-proof file> [image file] (--site <site URL> | --key <vkey> | --key-file <file>) [--policy <file>]\n`,
    );
  });

  it('fails (exit 1) for an image file that differs from the registered one', async () => {
    const changed = Buffer.from(image);
    changed[100] ^= 0xff;
    const result = await verifyCli(write('proof.json', JSON.stringify(bundle)), write('changed.png', changed), '--key', vkey);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `✗ Image file ${path.join(dir, 'changed.png')} has SHA-256 ${crypto.createHash('sha256').update(changed).digest('hex')}, not the registered ${work.image_hash}`,
    );
    expect(result.stdout).toContain('1 check failed.');
  });

  it('fails (exit 1) for a tampered proof hash, a tampered entry, and a genuine bundle checked against another key', async () => {
    const flipped = bundle.hashes.map((h, i) => (i === 0 ? h.replace(/^./, (c) => (c === 'f' ? 'e' : 'f')) : h));
    const otherImage = '0'.repeat(64);
    const entry = bundle.leaf_canonical_json.replace(work.image_hash, otherImage);
    const otherKey = refFormatVkey('ledger.test/log', crypto.generateKeyPairSync('ed25519').publicKey);
    const [badProof, badEntry, otherKeyResult] = await Promise.all([
      verifyCli(write('bad-proof.json', JSON.stringify({ ...bundle, hashes: flipped })), '--key', vkey),
      verifyCli(
        write('bad-entry.json', JSON.stringify({ ...bundle, leaf_canonical_json: entry })),
        write('art.png', image),
        '--key',
        vkey,
      ),
      verifyCli(write('proof.json', JSON.stringify(bundle)), '--key', otherKey),
    ]);
    expect(badProof.code).toBe(1);
    expect(badProof.stdout).toContain(`✗ Inclusion proof for entry 4 does not lead to the checkpoint's root hash`);

    expect(badEntry.code).toBe(1);
    expect(badEntry.stdout).toContain('✗ Log entry hashes to');
    expect(badEntry.stdout).toContain(`not the registered ${otherImage}`);

    expect(otherKeyResult.code).toBe(1);
    expect(otherKeyResult.stdout.split('\n').filter((l) => l.startsWith('✗'))).toEqual([
      `✗ Checkpoint is not validly signed by the log key ${label(otherKey)}`,
      `✗ The bundle names the log key ${label(vkey)}, not the trusted key ${label(otherKey)}: it was not issued by the log you trust`,
    ]);
  });
});

describe('verify command: --site pins the log key on first use', () => {
  it('fetches the key from the site once, says so loudly, then trusts the pinned key and rejects a forged bundle', async () => {
    const file = write('proof.json', JSON.stringify(bundle));
    const first = await verifyCli(file, '--site', `${site}/verify/${work.registry_id}`);
    expect(first.code).toBe(0);
    const pinnedAt = knownLogs().logs[site].pinned_at as string;
    expect(knownLogs()).toEqual({ logs: { [site]: { vkey, pinned_at: pinnedAt } } });
    const knownFile = path.join(configHome, 'veriwork', 'known-logs.json');
    expect(first.stdout.split('\n').filter((l) => l.startsWith('!'))).toEqual([
      `! ${'='.repeat(76)}`,
      `! PINNED ON FIRST USE: from now on, proofs of ${site} must be signed by`,
      `!   ${vkey}`,
      `! Fetched from ${site}/api/log/key and saved in ${knownFile}.`,
      '! Check it once against the key the registry publishes elsewhere (its reports print it).',
      `! ${'='.repeat(76)}`,
    ]);
    expect(first.stdout).toContain('All checks passed.');

    const [later, forged] = await Promise.all([
      verifyCli(file, '--site', site),
      verifyCli(write('forged.json', JSON.stringify(forgedBundle().forged)), '--site', site),
    ]);
    expect(later.code).toBe(0);
    expect(later.stdout).not.toContain('PINNED');
    expect(later.stdout).toContain(`Using the log key pinned for ${site} on ${pinnedAt} (the site still serves it).`);
    expect(later.stdout).toContain('All checks passed.');
    expect(forged.code).toBe(1);
    expect(forged.stdout).toContain(`✗ Checkpoint is not validly signed by the log key ${label(vkey)}`);
    expect(knownLogs().logs[site]).toEqual({ vkey, pinned_at: pinnedAt });
  });

  it('refuses (exit 1) when the site later serves another key, and keeps using the pin when the site cannot be reached', async () => {
    let served = vkey;
    const impostor = http.createServer((req, res) => {
      if (req.url === '/api/log/key') res.end(served);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(impostor.address() as AddressInfo).port}`;
    const file = write('proof.json', JSON.stringify(bundle));

    expect((await verifyCli(file, '--site', origin)).code).toBe(0);
    const pinnedAt = knownLogs().logs[origin].pinned_at as string;
    served = refFormatVkey('ledger.test/log', crypto.generateKeyPairSync('ed25519').publicKey);
    const refused = await verifyCli(file, '--site', origin);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(
      [
        `${origin} now serves the log key ${label(served)}, but the key pinned for it on ${pinnedAt} is ${label(vkey)}.`,
        'Nothing was verified. A log keeps its key, so this site may not be the registry you pinned.',
        `If the registry announced a new key through another channel, check it and pass it with --key, or remove '${origin}' from ${path.join(configHome, 'veriwork', 'known-logs.json')} to pin the new one.`,
        '',
      ].join('\n'),
    );
    expect(knownLogs().logs[origin]).toEqual({ vkey, pinned_at: pinnedAt });

    await new Promise((resolve) => impostor.close(resolve));
    const offline = await verifyCli(file, '--site', origin);
    expect(offline.code).toBe(0);
    expect(offline.stdout).toContain(
      `! Could not ask ${origin} for its log key (fetch failed: ECONNREFUSED); using the key pinned for it on ${pinnedAt}.`,
    );
    expect(offline.stdout).toContain('All checks passed.');
  });
});

describe('verify command: usage', () => {
  it('explains a file that is not a proof bundle (exit 1), a missing argument, two key sources and a malformed key (exit 2)', async () => {
    const file = write('proof.json', JSON.stringify(bundle));
    const [notBundle, noArgs, twoSources, badKey] = await Promise.all([
      verifyCli(write('other.json', JSON.stringify({ hello: 'world' })), '--key', vkey),
      verifyCli(),
      verifyCli(file, '--key', vkey, '--site', site),
      verifyCli(file, '--key', 'ledger.test/log+00000000+AAAA'),
    ]);
    expect(notBundle.code).toBe(1);
    expect(notBundle.stdout).toContain('is not a proof bundle (expected leaf_hash, leaf_index, tree_size, hashes and checkpoint)');
    expect(noArgs.code).toBe(2);
    expect(twoSources.code).toBe(2);
    expect(twoSources.stderr).toContain('Give only one of --key, --key-file and --site (got --key, --site).');
    expect(badKey.code).toBe(2);
    expect(badKey.stderr).toBe('The log key given with --key is not a verifier key: verifier key is not an Ed25519 key.\n');
  });
});
