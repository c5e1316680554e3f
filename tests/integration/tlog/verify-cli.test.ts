// `npm run verify -- <proof bundle> [image] (--site <URL> | --key <vkey> | --key-file <file>)`,
// run as a separate process on bundles the server produced (witnessedProofBundle) and on forged ones.
// Issue 15: the key inside a bundle is never trusted, so a bundle re-signed with a fresh key fails.
// Issue 34: nor is its policy; without a trusted policy the command fails unless --no-witnesses;
// a checkpoint that does not extend the last one verified for the log (a fork) is refused.
import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import type { ProofBundle } from '../../../server/tlog/proofs';
import { witnessedProofBundle } from '../../../server/tlog/witnessing/proof-bundle';
import { signCheckpoint } from '../../../server/tlog/checkpoint';
import { createSigner, generateKeyPair, type TlogSigner } from '../../../server/tlog/keys';
import { inclusionProof, rootHash } from '../../../server/tlog/merkle';
import { getLogSigner } from '../../../server/tlog/signer';
import { formatTlogProof } from '../../../core/tlog-proof';
import { NO_KEY_MESSAGE } from '../../../server/cli/trusted-key';
import { noPolicyMessage } from '../../../server/cli/trusted-policies';
import { insertLoggedWork, type LoggedWork } from './log-fixtures';
import { refFormatVkey, refLeafHash } from './reference-verifier';
import { builtEntry } from '../../helpers/built-server';

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
let logSigner: TlogSigner;
let site: string;
let publishedPolicy: string;
const image = crypto.randomBytes(5000);
const label = (key: string) => key.split('+').slice(0, 2).join('+');

/** Runs the command with its own config folder, so pins never touch the user's real one. */
function verifyCli(...args: string[]): Promise<CliResult> {
  return verifyCliIn(configHome, ...args);
}

function verifyCliIn(home: string, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      'node',
      [builtEntry('verify'), ...args],
      { cwd: process.cwd(), env: { ...process.env, XDG_CONFIG_HOME: home } },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const write = (name: string, content: string | Buffer) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
};
const knownLogs = (home = configHome) => JSON.parse(fs.readFileSync(path.join(home, 'veriwork', 'known-logs.json'), 'utf8'));
const lines = (result: CliResult, mark: string) => result.stdout.split('\n').filter((l) => l.startsWith(mark));
const rootHex = (note: string) => Buffer.from(note.split('\n')[2], 'base64').toString('hex');

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

/**
 * What whoever holds the log key makes: a tree of `size` entries whose first entry claims their
 * own image was registered, with a checkpoint signed by the real log key, as a proof.json (its
 * policy, which asks for nothing, along) and as a .tlog-proof.
 */
function forkedBundle(size: number): { forked: ProofBundle; tlogProof: string; root: string } {
  const entry = bundle.leaf_canonical_json.replace(work.image_hash, crypto.createHash('sha256').update('forked image').digest('hex'));
  const leaves = [refLeafHash(entry), ...Array.from({ length: size - 1 }, () => crypto.randomBytes(32))];
  const root = Buffer.from(rootHash(leaves));
  const checkpoint = signCheckpoint({ origin: 'ledger.test/log', treeSize: size, rootHash: root }, logSigner);
  const hashes = inclusionProof(0, leaves).map((h) => Buffer.from(h).toString('hex'));
  const forked = {
    ...bundle,
    leaf_canonical_json: entry,
    leaf_hash: leaves[0].toString('hex'),
    leaf_index: 0,
    tree_size: size,
    hashes,
    checkpoint,
  };
  const tlogProof = formatTlogProof({ extra: Buffer.from(entry), index: 0, hashes, checkpoint });
  return { forked, tlogProof, root: root.toString('hex') };
}

beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(t.dataDir, 'verify-'));
  configHome = path.join(dir, 'config');
  for (let i = 0; i < 4; i++) await insertLoggedWork(t.deps.db);
  work = await insertLoggedWork(t.deps.db, { image_hash: crypto.createHash('sha256').update(image).digest('hex') });
  await insertLoggedWork(t.deps.db);
  bundle = (await witnessedProofBundle(t.deps, work.id))!;
  vkey = (await t.app.inject({ method: 'GET', url: '/api/log/key' })).body;
  logSigner = await getLogSigner(t.deps);
  publishedPolicy = (await t.app.inject({ method: 'GET', url: '/log/policy' })).body;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  site = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

describe('verify command: genuine bundles', () => {
  it('passes every check for a bundle, its image and the log key given with --key, keeps the checkpoint, and exits 0 with --no-witnesses', async () => {
    const result = await verifyCli(
      write('proof.json', JSON.stringify(bundle)),
      write('art.png', image),
      '--key',
      vkey,
      '--no-witnesses',
    );
    expect(result.code).toBe(0);
    const all = result.stdout.split('\n');
    expect(lines(result, '✓')).toEqual([
      `✓ Log entry matches leaf hash ${bundle.leaf_hash}`,
      `✓ Inclusion proof: entry 4 is in the log of 6 entries (root ${rootHex(bundle.checkpoint)})`,
      `✓ Checkpoint of 'ledger.test/log' is signed by the log key ${label(vkey)}`,
      `✓ Image file ${path.join(dir, 'art.png')} has the registered SHA-256 ${work.image_hash}`,
    ]);
    expect(all).toContain(`  ${work.registry_id} · created · ${work.created_at.toISOString()} · image SHA-256 ${work.image_hash}`);
    expect(all).toContain(
      `  First checkpoint of this log checked here: kept in ${path.join(configHome, 'veriwork', 'known-logs.json')}; later ones must extend it.`,
    );
    expect(lines(result, '!')).toEqual([
      '! Witness cosignatures were not checked (--no-witnesses): a forked log signed with the log key would pass.',
    ]);
    expect(result.stdout).not.toContain('✗');
    expect(result.stdout).toContain('All checks passed.');
    const seenAt = knownLogs().checkpoints[vkey].seen_at as string;
    expect(knownLogs()).toEqual({
      logs: {},
      checkpoints: { [vkey]: { origin: 'ledger.test/log', tree_size: '6', root_hash: rootHex(bundle.checkpoint), seen_at: seenAt } },
    });
  });

  it('takes the key from a file with --key-file and the policy with --policy-file, and reads the JSON-LD export holding the bundle under "proof"', async () => {
    const jsonLd = { '@context': 'https://schema.org', '@type': 'VisualArtwork', identifier: work.registry_id, proof: bundle };
    const policyFile = write('policy.txt', publishedPolicy);
    const result = await verifyCli(
      write('proof.jsonld', JSON.stringify(jsonLd)),
      '--key-file',
      write('log.vkey', `${vkey}\n`),
      '--policy-file',
      policyFile,
    );
    expect(result.code).toBe(0);
    expect(lines(result, '!')).toEqual([
      `! The witness policy in ${policyFile} asks for no witness cosignatures: a forked log signed with the log key would pass.`,
    ]);
    expect(result.stdout).toContain(`✓ Checkpoint of 'ledger.test/log' is signed by the log key ${label(vkey)}`);
    expect(result.stdout).toContain(
      `✓ Checkpoint is the checkpoint of 6 entries verified on ${knownLogs().checkpoints[vkey].seen_at}`,
    );
    expect(result.stdout).toContain('All checks passed.');
  });

  it('fails (exit 1) offline with no policy, saying loudly that witnesses were not checked and that the bundle’s policy is not used', async () => {
    const result = await verifyCli(write('proof.json', JSON.stringify(bundle)), '--key', vkey);
    expect(result.code).toBe(1);
    const [first, ...rest] = noPolicyMessage(true);
    expect(lines(result, '✗')).toEqual([`✗ ${first}`]);
    expect(result.stdout).toContain([`✗ ${first}`, ...rest].join('\n'));
    expect(rest).toContain('  The bundle carries a policy, but a bundle vouches for nothing about itself, so it is not used.');
    expect(result.stdout).toContain('1 check failed.');
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
      `${NO_KEY_MESSAGE}\n\nUsage: npm run verify -- <proof bundle or .tlog-proof file> [image file] (--site <site URL> | --key <vkey> | --key-file <file>) [--policy-file <file>] [--no-witnesses] [--repin-policy]\n`,
    );
  });

  it('fails (exit 1) for an image file that differs from the registered one', async () => {
    const changed = Buffer.from(image);
    changed[100] ^= 0xff;
    const result = await verifyCli(
      write('proof.json', JSON.stringify(bundle)),
      write('changed.png', changed),
      '--key',
      vkey,
      '--no-witnesses',
    );
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
    const { pinned_at: pinnedAt, policy_pinned_at: policyPinnedAt } = knownLogs().logs[site] as Record<string, string>;
    expect(knownLogs().logs).toEqual({
      [site]: { vkey, pinned_at: pinnedAt, policy: publishedPolicy, policy_pinned_at: policyPinnedAt },
    });
    const knownFile = path.join(configHome, 'veriwork', 'known-logs.json');
    expect(lines(first, '!')).toEqual([
      `! ${'='.repeat(76)}`,
      `! PINNED ON FIRST USE: from now on, proofs of ${site} must be signed by`,
      `!   ${vkey}`,
      `! Fetched from ${site}/api/log/key and saved in ${knownFile}.`,
      '! Check it once against the key the registry publishes elsewhere (its reports print it).',
      `! ${'='.repeat(76)}`,
      `! ${'='.repeat(76)}`,
      `! WITNESS POLICY PINNED ON FIRST USE: from now on, checkpoints of ${site} must meet`,
      `! the policy it served at ${site}/log/policy, saved in ${knownFile}.`,
      '! A later change of that policy is refused until you re-pin it with --repin-policy.',
      `! ${'='.repeat(76)}`,
      `! The witness policy pinned for ${site} asks for no witness cosignatures: a forked log signed with the log key would pass.`,
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
    expect(knownLogs().logs[site]).toEqual({ vkey, pinned_at: pinnedAt, policy: publishedPolicy, policy_pinned_at: policyPinnedAt });
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

    // This site publishes no policy (404), so the runs go on only with --no-witnesses.
    expect((await verifyCli(file, '--site', origin, '--no-witnesses')).code).toBe(0);
    const pinnedAt = knownLogs().logs[origin].pinned_at as string;
    served = refFormatVkey('ledger.test/log', crypto.generateKeyPairSync('ed25519').publicKey);
    const refused = await verifyCli(file, '--site', origin, '--no-witnesses');
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
    const offline = await verifyCli(file, '--site', origin, '--no-witnesses');
    expect(offline.code).toBe(0);
    expect(offline.stdout).toContain(
      `! Could not ask ${origin} for its log key (fetch failed: ECONNREFUSED); using the key pinned for it on ${pinnedAt}.`,
    );
    expect(offline.stdout).toContain('All checks passed.');
  });
});

describe('verify command: forked checkpoints (signed with the real log key) and pinned policies', () => {
  const knownFile = (home: string) => path.join(home, 'veriwork', 'known-logs.json');

  it('refuses (exit 1) a fork of the kept size in every mode: proof.json, .tlog-proof, --key and --site, even with --no-witnesses', async () => {
    const seen = knownLogs().checkpoints[vkey] as { tree_size: string; root_hash: string; seen_at: string };
    expect(seen.tree_size).toBe('6');
    const { forked, tlogProof, root } = forkedBundle(6);
    const json = write('forked-6.json', JSON.stringify(forked));
    const proofFile = write('forked-6.tlog-proof', tlogProof);
    const results = await Promise.all([
      verifyCli(json, '--key', vkey, '--no-witnesses'),
      verifyCli(proofFile, '--key', vkey, '--no-witnesses'),
      verifyCli(json, '--key', vkey, '--policy-file', write('policy.txt', publishedPolicy)),
      verifyCli(json, '--site', site),
      verifyCli(proofFile, '--site', site),
    ]);
    const forkLine = `✗ FORKED LOG: this checkpoint is for a tree of 6 entries with root ${root}, but the checkpoint of 6 entries verified on ${seen.seen_at} has root ${seen.root_hash}. The log key signed two different histories.`;
    for (const result of results) {
      expect(result.code).toBe(1);
      // The fork itself is well made: only the kept checkpoint gives it away.
      expect(lines(result, '✗')).toEqual([forkLine]);
      expect(result.stdout).toContain(`✓ Checkpoint of 'ledger.test/log' is signed by the log key ${label(vkey)}`);
    }
    expect(knownLogs().checkpoints[vkey]).toEqual(seen);
  });

  it('checks a newer checkpoint with a consistency proof: from the bundle or the site; offline without one it warns and keeps the old one', async () => {
    const home = path.join(dir, 'config-newer');
    const oldFile = write('proof-6.json', JSON.stringify(bundle));
    expect((await verifyCliIn(home, oldFile, '--key', vkey, '--no-witnesses')).code).toBe(0);
    const seen = knownLogs(home).checkpoints[vkey] as { seen_at: string };

    const newer = await insertLoggedWork(t.deps.db);
    const newBundle = (await witnessedProofBundle(t.deps, newer.id))!;
    expect(newBundle.tree_size).toBe(7);
    const consistency = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/log/proof/consistency?first=6&second=7' })).body);
    const [offline, carried] = await Promise.all([
      verifyCliIn(home, write('proof-7.json', JSON.stringify(newBundle)), '--key', vkey, '--no-witnesses'),
      verifyCliIn(
        path.join(dir, 'config-unused'),
        write('proof-7c.json', JSON.stringify({ ...newBundle, consistency_proof: consistency })),
        '--key',
        vkey,
        '--no-witnesses',
      ),
    ]);
    expect(offline.code).toBe(0);
    expect(lines(offline, '!')).toContain(
      `! Not checked against the checkpoint of 6 entries verified on ${seen.seen_at}: the bundle carries no consistency proof from 6 to 7 entries, and there is no --site to ask. Check again with --site to rule out a forked log.`,
    );
    expect(knownLogs(home).checkpoints[vkey].tree_size).toBe('6');
    // A fresh config folder keeps the first checkpoint it sees; the carried proof is not needed there.
    expect(carried.code).toBe(0);

    const withProof = await verifyCliIn(
      home,
      write('proof-7p.json', JSON.stringify({ ...newBundle, consistency_proof: consistency })),
      '--key',
      vkey,
      '--no-witnesses',
    );
    expect(withProof.code).toBe(0);
    expect(lines(withProof, '✓')).toContain(
      `✓ Checkpoint extends the checkpoint of 6 entries verified on ${seen.seen_at} (consistency proof verified)`,
    );
    expect(knownLogs(home).checkpoints[vkey]).toMatchObject({ tree_size: '7', root_hash: rootHex(newBundle.checkpoint) });

    // With --site, the site's proof: an older genuine bundle is an earlier state of the kept one.
    const older = await verifyCliIn(home, oldFile, '--site', site);
    expect(older.code).toBe(0);
    expect(lines(older, '✓')).toContain(
      `✓ Checkpoint is an earlier state of the checkpoint of 7 entries verified on ${knownLogs(home).checkpoints[vkey].seen_at} (consistency proof verified)`,
    );
  });

  it('refuses (exit 1) with --site a fork of another size: the site’s proof does not verify, or the site has no such tree', async () => {
    const home = path.join(dir, 'config-sizes');
    expect((await verifyCliIn(home, write('proof-6.json', JSON.stringify(bundle)), '--site', site)).code).toBe(0);
    const seenAt = knownLogs(home).checkpoints[vkey].seen_at as string;
    const [smaller, larger] = await Promise.all([
      verifyCliIn(home, write('forked-5.json', JSON.stringify(forkedBundle(5).forked)), '--site', site),
      verifyCliIn(home, write('forked-9.tlog-proof', forkedBundle(9).tlogProof), '--site', site),
    ]);
    expect(smaller.code).toBe(1);
    expect(lines(smaller, '✗')).toEqual([
      `✗ FORKED LOG: the consistency proof from 5 entries to 6 entries does not verify, so this checkpoint is not on the same history as the checkpoint of 6 entries verified on ${seenAt}.`,
    ]);
    expect(larger.code).toBe(1);
    expect(lines(larger, '✗')).toEqual([
      `✗ FORKED LOG? Nothing shows this checkpoint is on the same history as the checkpoint of 6 entries verified on ${seenAt}: ${site}/api/log/proof/consistency?first=6&second=9 answered 400 with no consistency proof.`,
    ]);
    expect(knownLogs(home).checkpoints[vkey].tree_size).toBe('6');
  });

  it('refuses (exit 1) a site whose policy changed after it was pinned, until it is re-pinned with --repin-policy', async () => {
    const home = path.join(dir, 'config-policy');
    let policy = publishedPolicy;
    const registry = http.createServer((req, res) => {
      if (req.url === '/api/log/key') res.end(vkey);
      else if (req.url === '/log/policy') res.end(policy);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(registry.address() as AddressInfo).port}`;
    const file = write('proof.json', JSON.stringify(bundle));
    try {
      expect((await verifyCliIn(home, file, '--site', origin)).code).toBe(0);
      const pinned = knownLogs(home).logs[origin] as { policy: string; policy_pinned_at: string };
      expect(pinned.policy).toBe(publishedPolicy);

      // Any change is refused, even one that only adds a comment: the user decides what to trust.
      policy = `# changed\n${publishedPolicy}`;
      const changed = await verifyCliIn(home, file, '--site', origin);
      expect(changed.code).toBe(1);
      expect(changed.stdout).toBe(
        `Using the log key pinned for ${origin} on ${knownLogs(home).logs[origin].pinned_at} (the site still serves it).\n`,
      );
      expect(changed.stderr).toBe(
        [
          `${origin} now serves another witness policy than the one pinned for it on ${pinned.policy_pinned_at}.`,
          'Nothing was verified. A changed policy can switch off the witness check, which is what stops a',
          'log from showing you a forked history, so it is never taken over silently.',
          `If the registry announced the change through another channel, read the new policy at ${origin}/log/policy,`,
          'then run again with --repin-policy to pin it.',
          `(The pinned one is kept in ${knownFile(home)}.)`,
          '',
        ].join('\n'),
      );
      expect(knownLogs(home).logs[origin].policy).toBe(publishedPolicy);

      const repinned = await verifyCliIn(home, file, '--site', origin, '--repin-policy');
      expect(repinned.code).toBe(0);
      expect(lines(repinned, '!')).toContain(`! WITNESS POLICY RE-PINNED: from now on, checkpoints of ${origin} must meet`);
      expect(knownLogs(home).logs[origin].policy).toBe(policy);
      expect((await verifyCliIn(home, file, '--site', origin)).code).toBe(0);
    } finally {
      await new Promise((resolve) => registry.close(resolve));
    }
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
    const [repinOffline, twoPolicies] = await Promise.all([
      verifyCli(file, '--key', vkey, '--repin-policy'),
      verifyCli(file, '--key', vkey, '--policy', 'a.txt', '--policy-file', 'b.txt'),
    ]);
    expect(repinOffline.code).toBe(2);
    expect(repinOffline.stderr.split('\n')[0]).toBe(
      '--repin-policy re-pins the policy of a --site; without --site, give the policy with --policy-file.',
    );
    expect(twoPolicies.code).toBe(2);
    expect(twoPolicies.stderr.split('\n')[0]).toBe('Give only one of --policy and --policy-file (they are the same option).');
    expect(badKey.stderr).toBe('The log key given with --key is not a verifier key: verifier key is not an Ed25519 key.\n');
  });
});
