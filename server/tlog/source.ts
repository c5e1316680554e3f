// Proofs over a log whose leaves live in storage. The caller passes a reader for a range of
// leaf hashes (e.g. one SQL query `WHERE leaf_index >= start AND leaf_index < end ORDER BY
// leaf_index`); each proof reads only the subtrees it needs, which never overlap.

import {
  consistencyProofRanges,
  emptyRoot,
  inclusionProofRanges,
  type LeafRange,
  subtreeRoot,
} from './merkle';

/** Returns the leaf hashes with indices start..end-1, in order. */
export type LeafHashReader = (start: number, end: number) => Promise<Uint8Array[]>;

/**
 * Optional per-subtree hook: return a stored hash for [start, end) (or undefined to compute
 * it from leaves). Lets storage cache the roots of full, power-of-two subtrees, which never
 * change once complete.
 */
export type SubtreeHashCache = (start: number, end: number) => Promise<Uint8Array | undefined>;

async function hashRange(
  [start, end]: LeafRange,
  read: LeafHashReader,
  cache?: SubtreeHashCache,
): Promise<Uint8Array> {
  const cached = cache ? await cache(start, end) : undefined;
  if (cached) return cached;
  const leaves = await read(start, end);
  if (leaves.length !== end - start) {
    throw new Error(`Leaf reader returned ${leaves.length} leaves for range [${start}, ${end})`);
  }
  return subtreeRoot(leaves, 0, leaves.length);
}

export async function rootHashFrom(treeSize: number, read: LeafHashReader, cache?: SubtreeHashCache) {
  if (treeSize === 0) return emptyRoot();
  return hashRange([0, treeSize], read, cache);
}

export async function inclusionProofFrom(
  index: number,
  treeSize: number,
  read: LeafHashReader,
  cache?: SubtreeHashCache,
): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for (const range of inclusionProofRanges(index, treeSize)) out.push(await hashRange(range, read, cache));
  return out;
}

export async function consistencyProofFrom(
  m: number,
  n: number,
  read: LeafHashReader,
  cache?: SubtreeHashCache,
): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for (const range of consistencyProofRanges(m, n)) out.push(await hashRange(range, read, cache));
  return out;
}
