// An independent reference for checking what the log serves. It imports nothing from
// server/tlog or core/tlog-verify, and follows the RFCs' DEFINITIONS rather than their
// iterative verification algorithms (which the server and the browser verifier both use):
//
// - MTH by the recursive definition of RFC 9162 §2.1.1 over leaf hashes.
// - Inclusion: rebuilds the root from PATH(m, D[n]) as defined in §2.1.3.1, recursively.
// - Consistency: rebuilds both roots from SUBPROOF(m, D[n], b) as defined in §2.1.4.1.
// - Signed notes (c2sp.org/signed-note) and vkeys parsed by hand; Ed25519 via node:crypto
//   with the public key wrapped in its SPKI DER form (RFC 8410).
import crypto from 'node:crypto';

const sha256 = (...parts: Buffer[]) => crypto.createHash('sha256').update(Buffer.concat(parts)).digest();

export const refLeafHash = (entry: string): Buffer => sha256(Buffer.from([0]), Buffer.from(entry, 'utf8'));
const node = (left: Buffer, right: Buffer): Buffer => sha256(Buffer.from([1]), left, right);

/** Largest power of two strictly smaller than n. */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

export function refRoot(leaves: Buffer[]): Buffer {
  if (leaves.length === 0) return sha256();
  if (leaves.length === 1) return leaves[0];
  const k = split(leaves.length);
  return node(refRoot(leaves.slice(0, k)), refRoot(leaves.slice(k)));
}

/** PATH(m, D[n]) = PATH(m, D[0:k]) : MTH(D[k:n]) or PATH(m-k, D[k:n]) : MTH(D[0:k]). */
function rootFromPath(m: number, n: number, leaf: Buffer, proof: Buffer[]): Buffer | null {
  if (n === 1) return proof.length === 0 ? leaf : null;
  if (proof.length === 0) return null;
  const k = split(n);
  const sibling = proof[proof.length - 1];
  const rest = proof.slice(0, -1);
  if (m < k) {
    const left = rootFromPath(m, k, leaf, rest);
    return left && node(left, sibling);
  }
  const right = rootFromPath(m - k, n - k, leaf, rest);
  return right && node(sibling, right);
}

export function refVerifyInclusion(leafHex: string, index: number, size: number, proofHex: string[], rootHex: string): boolean {
  if (!Number.isInteger(index) || !Number.isInteger(size) || index < 0 || index >= size) return false;
  const root = rootFromPath(
    index,
    size,
    Buffer.from(leafHex, 'hex'),
    proofHex.map((h) => Buffer.from(h, 'hex')),
  );
  return root !== null && root.toString('hex') === rootHex;
}

/** SUBPROOF(m, D[n], b); returns the old and new roots the proof implies. */
function rootsFromSubproof(m: number, n: number, b: boolean, proof: Buffer[], oldRoot: Buffer): { old: Buffer; new: Buffer } | null {
  if (m === n) {
    if (b) return proof.length === 0 ? { old: oldRoot, new: oldRoot } : null;
    return proof.length === 1 ? { old: proof[0], new: proof[0] } : null;
  }
  if (proof.length === 0) return null;
  const k = split(n);
  const sibling = proof[proof.length - 1];
  const rest = proof.slice(0, -1);
  if (m <= k) {
    const sub = rootsFromSubproof(m, k, b, rest, oldRoot);
    return sub && { old: sub.old, new: node(sub.new, sibling) };
  }
  const sub = rootsFromSubproof(m - k, n - k, false, rest, oldRoot);
  return sub && { old: node(sibling, sub.old), new: node(sibling, sub.new) };
}

export function refVerifyConsistency(m: number, n: number, proofHex: string[], oldHex: string, newHex: string): boolean {
  if (m < 0 || m > n) return false;
  if (m === n) return proofHex.length === 0 && oldHex === newHex;
  if (m === 0) return proofHex.length === 0 && oldHex === sha256().toString('hex');
  const roots = rootsFromSubproof(
    m,
    n,
    true,
    proofHex.map((h) => Buffer.from(h, 'hex')),
    Buffer.from(oldHex, 'hex'),
  );
  return roots !== null && roots.old.toString('hex') === oldHex && roots.new.toString('hex') === newHex;
}

export interface RefCheckpoint {
  origin: string;
  size: number;
  rootHex: string;
}

/** Reads origin, size and root from a checkpoint note (no signature check). */
export function refParseCheckpoint(note: string): RefCheckpoint {
  const body = note.slice(0, note.lastIndexOf('\n\n') + 1);
  const [origin, size, root] = body.split('\n');
  return { origin, size: Number(size), rootHex: Buffer.from(root, 'base64').toString('hex') };
}

const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** vkey '<name>+<8 hex key id>+<base64(0x01 || raw key)>' of an Ed25519 public key. */
export function refFormatVkey(name: string, publicKey: crypto.KeyObject): string {
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(SPKI_ED25519_PREFIX.length);
  const id = sha256(Buffer.from(name, 'utf8'), Buffer.from([0x0a, 0x01]), raw).subarray(0, 4);
  return `${name}+${id.toString('hex')}+${Buffer.concat([Buffer.from([1]), raw]).toString('base64')}`;
}

/** True when a signature line of `note` by the key `vkey` verifies over the note's text. */
export function refVerifyNote(note: string, vkey: string): boolean {
  const [name, idHex, ...keyParts] = vkey.split('+');
  const encoded = Buffer.from(keyParts.join('+'), 'base64');
  if (encoded.length !== 33 || encoded[0] !== 1) return false;
  const publicKeyRaw = encoded.subarray(1);
  const expectedId = sha256(Buffer.from(name, 'utf8'), Buffer.from([0x0a, 0x01]), publicKeyRaw).subarray(0, 4);
  if (expectedId.toString('hex') !== idHex) return false;
  const publicKey = crypto.createPublicKey({
    key: Buffer.concat([SPKI_ED25519_PREFIX, publicKeyRaw]),
    format: 'der',
    type: 'spki',
  });

  const split = note.lastIndexOf('\n\n');
  if (split < 0 || !note.endsWith('\n')) return false;
  const text = Buffer.from(note.slice(0, split + 1), 'utf8');
  const lines = note.slice(split + 2, -1).split('\n');
  const mine = lines
    .filter((line) => line.startsWith(`\u2014 ${name} `))
    .map((line) => Buffer.from(line.slice(`\u2014 ${name} `.length), 'base64'))
    .filter((blob) => blob.subarray(0, 4).equals(expectedId));
  return mine.length > 0 && mine.every((blob) => crypto.verify(null, text, publicKey, blob.subarray(4)));
}
