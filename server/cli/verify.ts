// Check of a work's registration proof:
//
//   npm run verify -- <proof bundle file> [image file] (--site <URL> | --key <vkey> | --key-file <file>)
//                     [--policy-file <file>] [--no-witnesses] [--repin-policy]
//
// The bundle is proof.json from a work's download bundle, its JSON-LD export (which holds
// the same object under "proof"), or a C2SP tlog-proof (proof.tlog-proof, whose extra data is
// the log entry). Checked: the log entry hashes to the leaf hash; the
// inclusion proof leads from that leaf to the checkpoint's root; the log key the user trusts
// signed the checkpoint; every policy the user trusts (trusted-policies.ts) finds the quorum of
// witness cosignatures it requires; the checkpoint extends the last one verified for that log
// (checkpoint-history.ts); and, given an image file, that the file's SHA-256 is the one the
// entry records. Nothing the bundle says about whom to trust is used: its key is only compared
// with the trusted one and its policy is ignored, since anyone can re-sign a forged bundle with a
// fresh key, and whoever holds the log key can hand over a forked checkpoint with a policy that
// asks for no witnesses (trusted-key.ts and decision 0057 say where keys and policies come from).
//
// With --key or --key-file it runs without any network, and without a witness policy
// (--policy-file) it fails unless --no-witnesses says the user accepts that; --site asks the
// registry for its key and policy (both pinned on first use). The checks use only
// core/tlog-verify.ts (WebCrypto), which shares no code with the server's log. Exit code 0 only
// when every check passes (1 otherwise, 2 for a usage error, such as no key given).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  leafHashHex,
  parseCheckpointNote,
  verifyCheckpointSignature,
  verifyInclusionProof,
  type CheckpointNote,
  type ProofBundle,
} from '../../core/tlog-verify';
import { checkPolicy } from '../../core/tlog-policy';
import { parseTlogProof, TLOG_PROOF_HEADER } from '../../core/tlog-proof';
import { KeyProblem, keyLabel, keyOptionsMistake, siteOrigin, trustedKey, type TrustedKey } from './trusted-key';
import { noPolicyMessage, policyFromFile, PolicyProblem, type SourcedPolicy } from './trusted-policies';
import { PolicyRefusal, sitePolicy } from './site-policy';
import { checkHistory, keepCheckpoint, type ConsistencyProof, type HistoryOptions } from './checkpoint-history';
import { knownLogsFile, type SeenCheckpoint } from './known-logs';

const USAGE =
  'Usage: npm run verify -- <proof bundle or .tlog-proof file> [image file] (--site <site URL> | --key <vkey> | --key-file <file>) [--policy-file <file>] [--no-witnesses] [--repin-policy]';
const OPTIONS = {
  key: { type: 'string' },
  'key-file': { type: 'string' },
  site: { type: 'string' },
  policy: { type: 'string' },
  'policy-file': { type: 'string' },
  'no-witnesses': { type: 'boolean' },
  'repin-policy': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

interface Options {
  key?: string;
  'key-file'?: string;
  site?: string;
  policy?: string;
  'policy-file'?: string;
  'no-witnesses'?: boolean;
  'repin-policy'?: boolean;
  help?: boolean;
}

interface Bundle extends Omit<ProofBundle, 'tree_size'> {
  /** bigint only for a .tlog-proof, whose checkpoint may exceed 2^53 entries. */
  tree_size: number | bigint;
  vkey?: string;
  log_origin?: string;
  /** Never trusted; only mentioned when no policy is in force. */
  policy?: string;
  consistency_proof?: ConsistencyProof;
}

let failures = 0;
const pass = (text: string) => console.log(`✓ ${text}`);
const fail = (text: string) => {
  failures += 1;
  console.log(`✗ ${text}`);
};

/** The bundle itself, or the one a JSON-LD export holds under "proof". */
function findBundle(json: unknown): Bundle | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const candidate = 'leaf_hash' in json ? json : (json as { proof?: unknown }).proof;
  if (typeof candidate !== 'object' || candidate === null) return undefined;
  const b = candidate as Record<string, unknown>;
  const ok =
    typeof b.leaf_hash === 'string' &&
    Number.isSafeInteger(b.leaf_index) &&
    (Number.isSafeInteger(b.tree_size) || typeof b.tree_size === 'bigint') &&
    Array.isArray(b.hashes) &&
    b.hashes.every((h) => typeof h === 'string') &&
    typeof b.checkpoint === 'string' &&
    (b.leaf_canonical_json === undefined || typeof b.leaf_canonical_json === 'string') &&
    (b.vkey === undefined || typeof b.vkey === 'string') &&
    (b.log_origin === undefined || typeof b.log_origin === 'string') &&
    (b.policy === undefined || typeof b.policy === 'string') &&
    (b.consistency_proof === undefined || isConsistencyProof(b.consistency_proof));
  return ok ? (b as unknown as Bundle) : undefined;
}

function isConsistencyProof(value: unknown): value is ConsistencyProof {
  const p = value as Partial<ConsistencyProof> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    Number.isSafeInteger(p.first) &&
    Number.isSafeInteger(p.second) &&
    Array.isArray(p.hashes) &&
    p.hashes.every((h) => typeof h === 'string')
  );
}

function entryFields(json: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function checkEntry(bundle: Bundle): Promise<Record<string, unknown> | undefined> {
  if (bundle.leaf_canonical_json === undefined) {
    fail('The bundle holds no log entry (leaf_canonical_json), so what was registered cannot be shown');
    return undefined;
  }
  const computed = await leafHashHex(bundle.leaf_canonical_json);
  if (computed === bundle.leaf_hash.toLowerCase()) pass(`Log entry matches leaf hash ${computed}`);
  else fail(`Log entry hashes to ${computed}, not to the leaf hash ${bundle.leaf_hash}`);
  const entry = entryFields(bundle.leaf_canonical_json);
  if (entry) {
    console.log(`  ${entry.registry_id} · ${entry.event} · ${entry.time} · image SHA-256 ${entry.image_sha256}`);
  }
  return entry;
}

async function checkInclusion(bundle: Bundle): Promise<CheckpointNote | undefined> {
  let checkpoint: CheckpointNote;
  try {
    checkpoint = parseCheckpointNote(bundle.checkpoint);
  } catch (err) {
    fail(`Checkpoint is malformed: ${(err as Error).message}`);
    return undefined;
  }
  if (checkpoint.size !== BigInt(bundle.tree_size)) {
    fail(`Proof is for a log of ${bundle.tree_size} entries but the checkpoint is for ${checkpoint.size}`);
  } else if (await verifyInclusionProof(bundle, checkpoint.rootHash)) {
    pass(`Inclusion proof: entry ${bundle.leaf_index} is in the log of ${checkpoint.size} entries (root ${checkpoint.rootHash})`);
  } else {
    fail(`Inclusion proof for entry ${bundle.leaf_index} does not lead to the checkpoint's root hash`);
  }
  if (bundle.log_origin !== undefined && bundle.log_origin !== checkpoint.origin) {
    fail(`Checkpoint is for log '${checkpoint.origin}', but the bundle names log '${bundle.log_origin}'`);
  }
  return checkpoint;
}

async function checkSignature(bundle: Bundle, checkpoint: CheckpointNote, trusted: TrustedKey): Promise<boolean> {
  const signed = await verifyCheckpointSignature(bundle.checkpoint, trusted.vkey);
  if (signed) {
    pass(`Checkpoint of '${checkpoint.origin}' is signed by the log key ${trusted.label}`);
  } else {
    fail(`Checkpoint is not validly signed by the log key ${trusted.label}`);
  }
  // Only compared: a bundle that names another key was made for (or re-signed by) another log.
  if (bundle.vkey !== undefined && bundle.vkey.trim() !== trusted.vkey) {
    fail(
      `The bundle names the log key ${keyLabel(bundle.vkey)}, not the trusted key ${trusted.label}: it was not issued by the log you trust`,
    );
  }
  return signed;
}

/** A C2SP tlog-proof as a bundle: its extra data is the log entry, whose hash is the leaf hash. */
async function bundleFromTlogProof(text: string): Promise<Bundle> {
  const proof = parseTlogProof(text);
  if (proof.extra === undefined) throw new Error('the tlog-proof carries no log entry (extra line)');
  const entry = new TextDecoder('utf-8', { fatal: true }).decode(proof.extra);
  const checkpoint = parseCheckpointNote(proof.checkpoint);
  return {
    leaf_canonical_json: entry,
    leaf_hash: await leafHashHex(entry),
    leaf_index: proof.index,
    tree_size: checkpoint.size,
    hashes: proof.hashes,
    checkpoint: proof.checkpoint,
  };
}

/** The policies the user trusts; PolicyRefusal when the site's policy changed since it was pinned. */
async function trustedPolicies(options: Options): Promise<SourcedPolicy[]> {
  const policies: SourcedPolicy[] = [];
  const attempt = async (load: () => Promise<SourcedPolicy | undefined>) => {
    try {
      const loaded = await load();
      if (loaded) policies.push(loaded);
    } catch (err) {
      if (!(err instanceof PolicyProblem)) throw err;
      fail(err.message);
    }
  };
  const file = options['policy-file'] ?? options.policy;
  if (file !== undefined) await attempt(() => policyFromFile(file));
  if (options.site !== undefined) {
    const origin = siteOrigin(options.site);
    const say = (line: string) => console.log(line);
    await attempt(() => sitePolicy({ origin, file: knownLogsFile(), repin: options['repin-policy'] === true, say, now: new Date() }));
  }
  return policies;
}

async function checkPolicies(bundle: Bundle, trusted: TrustedKey, policies: SourcedPolicy[], noWitnesses: boolean): Promise<void> {
  if (policies.length === 0) {
    if (noWitnesses) {
      console.log('! Witness cosignatures were not checked (--no-witnesses): a forked log signed with the log key would pass.');
    } else {
      const [first, ...rest] = noPolicyMessage(bundle.policy !== undefined);
      fail(first);
      for (const line of rest) console.log(line);
    }
    return;
  }
  for (const { policy, source } of policies) {
    if (!policy.logs.some((log) => log.vkey === trusted.vkey)) {
      fail(`The witness policy ${source} does not list the trusted log key ${trusted.label}: it is for another log`);
      continue;
    }
    if (policy.quorum === 'none') {
      console.log(`! The witness policy ${source} asks for no witness cosignatures: a forked log signed with the log key would pass.`);
      continue;
    }
    const result = await checkPolicy(bundle.checkpoint, policy);
    const by =
      result.cosignedBy.length === 0
        ? 'no witness'
        : `${result.cosignedBy.length} witness${result.cosignedBy.length === 1 ? '' : 'es'} (${result.cosignedBy.join(', ')})`;
    if (result.quorumMet) pass(`Witness policy ${source}: checkpoint cosigned by ${by}; it requires ${result.quorumText}`);
    else fail(`Witness policy ${source}: checkpoint cosigned by ${by}, but it requires ${result.quorumText}`);
  }
}

async function checkImage(file: string, entry: Record<string, unknown> | undefined): Promise<void> {
  let actual: string;
  try {
    actual = await fileSha256(file);
  } catch (err) {
    fail(`Cannot read image file ${file}: ${(err as Error).message}`);
    return;
  }
  const recorded = typeof entry?.image_sha256 === 'string' ? entry.image_sha256.toLowerCase() : undefined;
  if (recorded === undefined) fail('The log entry records no image SHA-256 to compare the image file with');
  else if (actual === recorded) pass(`Image file ${file} has the registered SHA-256 ${actual}`);
  else fail(`Image file ${file} has SHA-256 ${actual}, not the registered ${recorded}`);
}

async function main(): Promise<number> {
  let values: Options;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ options: OPTIONS, allowPositionals: true }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [bundleFile, imageFile, ...extra] = positionals;
  if (!bundleFile || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const keyMistake = keyOptionsMistake(values);
  if (keyMistake) {
    console.error(`${keyMistake}\n\n${USAGE}`);
    return 2;
  }
  if (values.policy !== undefined && values['policy-file'] !== undefined) {
    console.error(`Give only one of --policy and --policy-file (they are the same option).\n\n${USAGE}`);
    return 2;
  }
  if (values['repin-policy'] && values.site === undefined) {
    console.error(`--repin-policy re-pins the policy of a --site; without --site, give the policy with --policy-file.\n\n${USAGE}`);
    return 2;
  }

  let text: string;
  let json: unknown;
  try {
    text = await readFile(bundleFile, 'utf8');
    json = text.startsWith(TLOG_PROOF_HEADER) ? await bundleFromTlogProof(text) : JSON.parse(text);
  } catch (err) {
    console.error(`Cannot read the proof bundle ${bundleFile}: ${(err as Error).message}`);
    return 1;
  }
  const bundle = findBundle(json);
  if (!bundle) {
    fail(`${bundleFile} is not a proof bundle (expected leaf_hash, leaf_index, tree_size, hashes and checkpoint)`);
    return 1;
  }

  let trusted: TrustedKey;
  try {
    trusted = await trustedKey(values, (line) => console.log(line));
  } catch (err) {
    if (!(err instanceof KeyProblem)) throw err;
    console.error(err.message);
    return err.exitCode;
  }

  let policies: SourcedPolicy[];
  try {
    policies = await trustedPolicies(values);
  } catch (err) {
    if (!(err instanceof PolicyRefusal)) throw err;
    console.error(err.message);
    return 1;
  }

  console.log(`Proof bundle ${bundleFile}`);
  const entry = await checkEntry(bundle);
  const checkpoint = await checkInclusion(bundle);
  const history: HistoryOptions = {
    file: knownLogsFile(),
    vkey: trusted.vkey,
    ...(values.site !== undefined ? { site: siteOrigin(values.site) } : {}),
    ...(bundle.consistency_proof ? { carried: bundle.consistency_proof } : {}),
  };
  let toKeep: SeenCheckpoint | undefined;
  if (checkpoint && (await checkSignature(bundle, checkpoint, trusted))) {
    await checkPolicies(bundle, trusted, policies, values['no-witnesses'] === true);
    toKeep = await checkHistory(checkpoint, history, { pass, fail, say: (line) => console.log(line) });
  }
  if (imageFile !== undefined) await checkImage(imageFile, entry);
  // Only a checkpoint that passed every check becomes the one later checkpoints must extend.
  if (toKeep && failures === 0) await keepCheckpoint(history, toKeep);

  console.log(failures === 0 ? 'All checks passed.' : `${failures} check${failures === 1 ? '' : 's'} failed.`);
  return failures === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`Verification could not run: ${(err as Error).message}`);
    process.exitCode = 1;
  },
);
