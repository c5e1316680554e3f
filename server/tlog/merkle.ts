// Merkle tree hashing, proofs and proof verification as RFC 9162 §2.1 (the same tree as
// RFC 6962 Certificate Transparency).
//
// Every function here works on LEAF HASHES, i.e. values already computed as
// SHA-256(0x00 || entry) by leaf.ts. So MTH of a one-leaf tree is that leaf hash itself.
//
// The proof algorithms are split in two: `*ProofRanges` decides WHICH subtrees the proof
// needs (pure arithmetic, no hashing); the array functions then hash each range. The ranges
// of one proof never overlap, so a proof costs O(n) hashing at worst and storage code can
// compute or cache each subtree hash however it likes (see source.ts).

import { createHash, hash } from 'node:crypto';
import { bytesEqual } from './hex';

export const HASH_SIZE = 32;

const LEAF_PREFIX = Uint8Array.of(0x00);

/** SHA-256 of the concatenation of the parts. */
export function sha256(...parts: Uint8Array[]): Uint8Array {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
}

/** RFC 9162 leaf hash: SHA-256(0x00 || entry). */
export function hashLeaf(entry: Uint8Array): Uint8Array {
  return sha256(LEAF_PREFIX, entry);
}

/** RFC 9162 interior node hash: SHA-256(0x01 || left || right). */
export function hashChildren(left: Uint8Array, right: Uint8Array): Uint8Array {
  // One-shot hash over one buffer: the hot path of every root and proof (~25% faster than
  // createHash with three updates).
  const buf = Buffer.allocUnsafe(1 + left.length + right.length);
  buf[0] = 0x01;
  buf.set(left, 1);
  buf.set(right, 1 + left.length);
  return hash('sha256', buf, 'buffer');
}

/** MTH({}) = SHA-256 of the empty string. */
export function emptyRoot(): Uint8Array {
  return sha256();
}

/** A half-open range [start, end) of leaf indices: one subtree of the tree. */
export type LeafRange = readonly [start: number, end: number];

/** k in RFC 9162: the largest power of two strictly smaller than n (n > 1). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

function checkSize(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  }
}

/**
 * The subtrees whose hashes form the inclusion proof PATH(index, D[treeSize]) (RFC 9162
 * §2.1.3.1), in proof order (nearest the leaf first).
 */
export function inclusionProofRanges(index: number, treeSize: number): LeafRange[] {
  checkSize('index', index);
  checkSize('treeSize', treeSize);
  if (index >= treeSize) throw new RangeError(`index ${index} is outside a tree of size ${treeSize}`);
  const ranges: LeafRange[] = [];
  // Walk from the root down to the leaf; the sibling of each step is one proof element.
  let start = 0;
  let end = treeSize;
  while (end - start > 1) {
    const k = splitPoint(end - start);
    if (index < start + k) {
      ranges.push([start + k, end]);
      end = start + k;
    } else {
      ranges.push([start, start + k]);
      start += k;
    }
  }
  return ranges.reverse();
}

/**
 * The subtrees whose hashes form the consistency proof PROOF(m, D[n]) (RFC 9162 §2.1.4.1),
 * in proof order. Empty when m is 0 or m equals n.
 */
export function consistencyProofRanges(m: number, n: number): LeafRange[] {
  checkSize('m', m);
  checkSize('n', n);
  if (m > n) throw new RangeError(`old size ${m} is larger than new size ${n}`);
  if (m === 0 || m === n) return [];
  // SUBPROOF(m, D[start:end], b), unrolled from the root down.
  const ranges: LeafRange[] = [];
  let start = 0;
  let end = n;
  let mm = m;
  let b = true;
  while (mm !== end - start) {
    const k = splitPoint(end - start);
    if (mm <= k) {
      ranges.push([start + k, end]);
      end = start + k;
    } else {
      ranges.push([start, start + k]);
      start += k;
      mm -= k;
      b = false;
    }
  }
  if (!b) ranges.push([start, end]);
  return ranges.reverse();
}

/** MTH(D[start:end]) over leaf hashes; O(end - start) hashes, recursion depth O(log n). */
export function subtreeRoot(leafHashes: readonly Uint8Array[], start: number, end: number): Uint8Array {
  if (end - start === 1) return leafHashes[start];
  const k = splitPoint(end - start);
  return hashChildren(subtreeRoot(leafHashes, start, start + k), subtreeRoot(leafHashes, start + k, end));
}

/** MTH of the whole list of leaf hashes (RFC 9162 §2.1.1). */
export function rootHash(leafHashes: readonly Uint8Array[]): Uint8Array {
  if (leafHashes.length === 0) return emptyRoot();
  return subtreeRoot(leafHashes, 0, leafHashes.length);
}

/** Inclusion proof for the leaf at `index` in the tree made of all `leafHashes`. */
export function inclusionProof(index: number, leafHashes: readonly Uint8Array[]): Uint8Array[] {
  return inclusionProofRanges(index, leafHashes.length).map(([s, e]) => subtreeRoot(leafHashes, s, e));
}

/** Consistency proof from the tree of the first m leaves to the tree of all `leafHashes`. */
export function consistencyProof(m: number, leafHashes: readonly Uint8Array[]): Uint8Array[] {
  return consistencyProofRanges(m, leafHashes.length).map(([s, e]) => subtreeRoot(leafHashes, s, e));
}

// Halving with arithmetic, not `>>`, so sizes past 2^31 stay correct.
const half = (x: number): number => Math.floor(x / 2);
const lsb = (x: number): boolean => x % 2 === 1;

function allHashSized(hashes: readonly Uint8Array[]): boolean {
  return hashes.every((h) => h.length === HASH_SIZE);
}

/** Verifies an inclusion proof as RFC 9162 §2.1.3.2. */
export function verifyInclusion(
  leafHash: Uint8Array,
  index: number,
  treeSize: number,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): boolean {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(treeSize) || index < 0 || index >= treeSize) return false;
  if (leafHash.length !== HASH_SIZE || root.length !== HASH_SIZE || !allHashSized(proof)) return false;
  let fn = index;
  let sn = treeSize - 1;
  let r = leafHash;
  for (const p of proof) {
    if (sn === 0) return false;
    if (lsb(fn) || fn === sn) {
      r = hashChildren(p, r);
      while (!lsb(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      r = hashChildren(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && bytesEqual(r, root);
}

/**
 * Verifies a consistency proof as RFC 9162 §2.1.4.2 for 0 < m < n. The edge cases the RFC
 * leaves to the caller: m = n needs an empty proof and equal roots; m = 0 needs an empty
 * proof and rootM equal to the empty-tree hash (every tree extends the empty tree).
 */
export function verifyConsistency(m: number, n: number, proof: readonly Uint8Array[], rootM: Uint8Array, rootN: Uint8Array): boolean {
  if (!Number.isSafeInteger(m) || !Number.isSafeInteger(n) || m < 0 || m > n) return false;
  if (rootM.length !== HASH_SIZE || rootN.length !== HASH_SIZE || !allHashSized(proof)) return false;
  if (m === n) return proof.length === 0 && bytesEqual(rootM, rootN);
  if (m === 0) return proof.length === 0 && bytesEqual(rootM, emptyRoot());
  if (proof.length === 0) return false;

  // When m is a power of two, the old root is itself a node of the new tree and is left out of
  // the proof; put it back so the walk below starts from it.
  const path = isPowerOfTwo(m) ? [rootM, ...proof] : [...proof];
  let fn = m - 1;
  let sn = n - 1;
  while (lsb(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0];
  let sr = path[0];
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (lsb(fn) || fn === sn) {
      fr = hashChildren(c, fr);
      sr = hashChildren(c, sr);
      while (!lsb(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      sr = hashChildren(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && bytesEqual(fr, rootM) && bytesEqual(sr, rootN);
}

function isPowerOfTwo(x: number): boolean {
  while (x > 1 && x % 2 === 0) x /= 2;
  return x === 1;
}
