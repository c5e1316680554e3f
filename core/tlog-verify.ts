// Transparency-log verifier for the browser (proof page) and the offline CLI.
//
// Uses only globalThis.crypto.subtle (SHA-256, Ed25519), TextEncoder and atob/btoa, so it
// runs unchanged in current browsers and Node 20+. It deliberately shares no code with
// server/tlog: an independent implementation that agrees with the server is the point.
//
// Formats: RFC 9162 §2.1 Merkle tree (leaf prefix 0x00, node prefix 0x01), C2SP signed note
// and tlog-checkpoint, vkey '<name>+<8 hex key id>+<base64(0x01 || Ed25519 public key)>'.
// Hex is lowercase on output and accepted in either case.

export interface InclusionProofJson {
  leaf_hash: string;
  leaf_index: number;
  tree_size: number;
  hashes: string[];
}

export interface ProofBundle extends InclusionProofJson {
  /** The leaf entry; when present, its hash must equal leaf_hash. */
  leaf_canonical_json?: string;
  /** Signed checkpoint note whose tree size is tree_size. */
  checkpoint: string;
}

export interface CheckpointSignature {
  name: string;
  keyId: string; // 8 hex
  signature: Uint8Array;
}

export interface CheckpointNote {
  origin: string;
  /** The size as a number: exact up to 2^53 - 1; `size` is exact up to 2^64 - 1. */
  treeSize: number;
  /** The size exactly (C2SP allows up to 2^64 - 1 entries). */
  size: bigint;
  rootHash: string; // hex
  extensions: string[];
  /** The signed text. */
  body: string;
  signatures: CheckpointSignature[];
}

export interface BundleResult {
  ok: boolean;
  /** Why verification failed; empty when ok. */
  reasons: string[];
  checkpoint?: CheckpointNote;
}

// ---- bytes ----

type Bytes = Uint8Array<ArrayBuffer>;

const encoder = new TextEncoder();

export function hexToBytes(hex: string): Bytes {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new Error('invalid hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesToHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

function base64ToBytes(text: string): Bytes {
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(text)) throw new Error('invalid base64');
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  if (bytesToBase64(out) !== text) throw new Error('non-canonical base64');
  return out;
}

function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

function concat(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

async function sha256(data: Bytes): Promise<Bytes> {
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', data));
}

const nodeHash = (left: Uint8Array, right: Uint8Array) => sha256(concat(Uint8Array.of(1), left, right));

function parseHash(hex: string, what: string): Bytes {
  if (typeof hex !== 'string' || !/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error(`${what} is not a 64-character hex SHA-256`);
  return hexToBytes(hex);
}

// Tree arithmetic is done in bigint: a log may hold up to 2^64 - 1 entries (C2SP), past the
// 2^53 that a JavaScript number counts exactly.
const half = (x: bigint) => x >> 1n;
const odd = (x: bigint) => (x & 1n) === 1n;
const isPowerOfTwo = (x: bigint) => x > 0n && (x & (x - 1n)) === 0n;
/** The largest tree size C2SP allows. */
export const MAX_TREE_SIZE = 2n ** 64n - 1n;

/** A size or index as bigint; undefined unless it is a whole number from 0 to 2^64 - 1. */
function treeNumber(x: number | bigint): bigint | undefined {
  if (typeof x === 'number') return Number.isSafeInteger(x) && x >= 0 ? BigInt(x) : undefined;
  return typeof x === 'bigint' && x >= 0n && x <= MAX_TREE_SIZE ? x : undefined;
}

// ---- leaves and proofs ----

/** SHA-256(0x00 || UTF-8 bytes of the leaf entry), hex. */
export async function leafHashHex(canonicalJson: string): Promise<string> {
  return bytesToHex(await sha256(concat(Uint8Array.of(0), encoder.encode(canonicalJson))));
}

/** RFC 9162 §2.1.3.2. False (never throws) for any malformed input. */
export async function verifyInclusionProof(
  proof: Omit<InclusionProofJson, 'leaf_index' | 'tree_size'> & { leaf_index: number | bigint; tree_size: number | bigint },
  rootHash: string | Uint8Array,
): Promise<boolean> {
  let leaf: Bytes, root: Uint8Array, path: Bytes[];
  try {
    leaf = parseHash(proof.leaf_hash, 'leaf_hash');
    root = typeof rootHash === 'string' ? parseHash(rootHash, 'root hash') : rootHash;
    path = proof.hashes.map((h) => parseHash(h, 'proof hash'));
  } catch {
    return false;
  }
  const index = treeNumber(proof.leaf_index);
  const size = treeNumber(proof.tree_size);
  if (index === undefined || size === undefined || index >= size) return false;
  let fn = index;
  let sn = size - 1n;
  let r = leaf;
  for (const p of path) {
    if (sn === 0n) return false;
    if (odd(fn) || fn === sn) {
      r = await nodeHash(p, r);
      while (!odd(fn) && fn !== 0n) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      r = await nodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0n && equal(r, root);
}

/** RFC 9162 §2.1.4.2, plus the m = 0 and m = n edge cases. False for any malformed input. */
export async function verifyConsistencyProof(
  firstSize: number | bigint,
  secondSize: number | bigint,
  hashes: string[],
  firstRoot: string,
  secondRoot: string,
): Promise<boolean> {
  let proof: Bytes[], rootM: Bytes, rootN: Bytes;
  try {
    proof = hashes.map((h) => parseHash(h, 'proof hash'));
    rootM = parseHash(firstRoot, 'first root');
    rootN = parseHash(secondRoot, 'second root');
  } catch {
    return false;
  }
  const first = treeNumber(firstSize);
  const second = treeNumber(secondSize);
  if (first === undefined || second === undefined || first > second) return false;
  if (first === second) return proof.length === 0 && equal(rootM, rootN);
  if (first === 0n) return proof.length === 0 && equal(rootM, await sha256(new Uint8Array(0)));
  if (proof.length === 0) return false;
  let fn = first - 1n;
  let sn = second - 1n;
  // A power-of-two old tree is a node of the new one, left out of the proof.
  if (isPowerOfTwo(first)) proof = [rootM, ...proof];
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = proof[0];
  let sr = proof[0];
  for (const c of proof.slice(1)) {
    if (sn === 0n) return false;
    if (odd(fn) || fn === sn) {
      fr = await nodeHash(c, fr);
      sr = await nodeHash(c, sr);
      while (!odd(fn) && fn !== 0n) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      sr = await nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0n && equal(fr, rootM) && equal(sr, rootN);
}

// ---- signed notes and checkpoints ----

const SIG_PREFIX = '\u2014 ';

/** Any ASCII control character other than newline (signed notes forbid them). */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 && c !== 0x0a) return true;
  }
  return false;
}

function validKeyName(name: string): boolean {
  return name.length > 0 && !/[\s\u0085+]/u.test(name);
}

/** Parses a signed checkpoint note; throws Error with the reason when malformed. */
export function parseCheckpointNote(text: string): CheckpointNote {
  if (hasControlCharacter(text) || /\p{Cs}/u.test(text)) throw new Error('checkpoint contains invalid characters');
  const split = text.lastIndexOf('\n\n');
  if (split < 0) throw new Error('checkpoint has no signature block');
  const body = text.slice(0, split + 1);
  const block = text.slice(split + 2);
  if (!block.endsWith('\n')) throw new Error('checkpoint signature block must end with a newline');

  const lines = body.slice(0, -1).split('\n');
  if (lines.length < 3 || lines.some((l) => l === '')) throw new Error('checkpoint needs origin, size and root hash lines');
  const [origin, sizeLine, rootLine, ...extensions] = lines;
  if (!/^(?:0|[1-9]\d{0,19})$/.test(sizeLine) || BigInt(sizeLine) > MAX_TREE_SIZE) {
    throw new Error(`checkpoint tree size '${sizeLine}' is not a decimal number from 0 to 2^64 - 1`);
  }
  const root = base64ToBytes(rootLine);
  if (root.length !== 32) throw new Error('checkpoint root hash is not 32 bytes');

  const sigLines = block.slice(0, -1).split('\n');
  if (sigLines.length > 100) throw new Error('checkpoint has too many signatures');
  const signatures = sigLines.map((line) => {
    if (!line.startsWith(SIG_PREFIX)) throw new Error('signature line must start with an em dash');
    const rest = line.slice(SIG_PREFIX.length);
    const space = rest.indexOf(' ');
    const name = space < 0 ? rest : rest.slice(0, space);
    const raw = base64ToBytes(space < 0 ? '' : rest.slice(space + 1));
    if (!validKeyName(name) || raw.length < 5) throw new Error('malformed signature line');
    return { name, keyId: bytesToHex(raw.slice(0, 4)), signature: raw.slice(4) };
  });
  return { origin, treeSize: Number(sizeLine), size: BigInt(sizeLine), rootHash: bytesToHex(root), extensions, body, signatures };
}

/** Parses '<name>+<8 hex key id>+<base64(0x01 || key)>' and checks the id matches. */
export async function parseVerifierKey(vkey: string): Promise<{ name: string; keyId: string; publicKey: Bytes }> {
  // Split at the first two '+' only: the base64 key itself may contain '+'.
  const parts = /^([^+]*)\+([^+]*)\+(.*)$/s.exec(vkey)?.slice(1) ?? [];
  if (parts.length !== 3 || !validKeyName(parts[0]) || !/^[0-9a-f]{8}$/.test(parts[1])) {
    throw new Error('verifier key must be <name>+<8 hex key id>+<base64 key>');
  }
  const encoded = base64ToBytes(parts[2]);
  if (encoded.length !== 33 || encoded[0] !== 1) throw new Error('verifier key is not an Ed25519 key');
  const id = bytesToHex((await sha256(concat(encoder.encode(parts[0]), Uint8Array.of(0x0a), encoded))).slice(0, 4));
  if (id !== parts[1]) throw new Error('verifier key id does not match the key');
  return { name: parts[0], keyId: id, publicKey: encoded.slice(1) };
}

/**
 * True when the note carries a valid signature by `vkey` and none by that key that fails.
 * Throws only when Ed25519 is not available in this runtime (old browsers).
 */
export async function verifyCheckpointSignature(noteText: string, vkey: string): Promise<boolean> {
  let note: CheckpointNote, key: Awaited<ReturnType<typeof parseVerifierKey>>;
  try {
    note = parseCheckpointNote(noteText);
    key = await parseVerifierKey(vkey);
  } catch {
    return false;
  }
  const mine = note.signatures.filter((s) => s.name === key.name && s.keyId === key.keyId);
  if (mine.length === 0) return false;
  const cryptoKey = await globalThis.crypto.subtle.importKey('raw', key.publicKey, { name: 'Ed25519' }, false, ['verify']);
  const message = encoder.encode(note.body);
  for (const s of mine) {
    if (s.signature.length !== 64) return false;
    if (!(await globalThis.crypto.subtle.verify({ name: 'Ed25519' }, cryptoKey, new Uint8Array(s.signature), message))) {
      return false;
    }
  }
  return true;
}

/**
 * Checks a whole proof bundle: the entry hashes to leaf_hash, the inclusion proof leads to
 * the checkpoint's root at the checkpoint's size, and the log key signed the checkpoint.
 */
export async function verifyProofBundle(bundle: ProofBundle, vkey: string): Promise<BundleResult> {
  const reasons: string[] = [];
  if (bundle.leaf_canonical_json !== undefined) {
    const computed = await leafHashHex(bundle.leaf_canonical_json);
    if (computed !== String(bundle.leaf_hash).toLowerCase()) {
      reasons.push(`Leaf hash ${bundle.leaf_hash} does not match the entry, which hashes to ${computed}`);
    }
  }

  let checkpoint: CheckpointNote | undefined;
  try {
    checkpoint = parseCheckpointNote(bundle.checkpoint);
  } catch (err) {
    reasons.push(`Checkpoint is malformed: ${(err as Error).message}`);
  }

  if (checkpoint) {
    if (checkpoint.treeSize !== bundle.tree_size) {
      reasons.push(`Proof is for tree size ${bundle.tree_size} but the checkpoint is for size ${checkpoint.treeSize}`);
    } else if (!(await verifyInclusionProof(bundle, checkpoint.rootHash))) {
      reasons.push(`Inclusion proof for leaf ${bundle.leaf_index} does not lead to the checkpoint root hash`);
    }
    try {
      await parseVerifierKey(vkey);
      if (!(await verifyCheckpointSignature(bundle.checkpoint, vkey))) {
        reasons.push(`Checkpoint is not validly signed by the log key ${vkey.split('+').slice(0, 2).join('+')}`);
      }
    } catch (err) {
      const msg = (err as Error).message;
      reasons.push(
        (err as Error).name === 'NotSupportedError' ? 'This browser cannot check Ed25519 signatures' : `Log key is invalid: ${msg}`,
      );
    }
  }
  return { ok: reasons.length === 0, reasons, checkpoint };
}
