// The "frontier" (compact range) of a log: the roots of the perfect subtrees that make up a
// tree of `size` leaves, one per set bit of size, largest first. It is at most 64 hashes, so
// storage can keep it next to the latest checkpoint and compute each new root in O(log n)
// on append, without reading all leaves.

import { emptyRoot, hashChildren } from './merkle';
import { fromHex, toHex } from './hex';

export interface Frontier {
  size: number;
  hashes: Uint8Array[];
}

export function emptyFrontier(): Frontier {
  return { size: 0, hashes: [] };
}

/** Returns a new frontier with one more leaf; the input is not modified. */
export function appendLeaf(frontier: Frontier, leafHash: Uint8Array): Frontier {
  const hashes = frontier.hashes.slice();
  let node = leafHash;
  // Each trailing 1-bit of the old size is a perfect subtree of the same height as `node`.
  for (let s = frontier.size; s % 2 === 1; s = Math.floor(s / 2)) {
    node = hashChildren(hashes.pop()!, node);
  }
  hashes.push(node);
  return { size: frontier.size + 1, hashes };
}

/** MTH of the tree the frontier describes. */
export function frontierRoot(frontier: Frontier): Uint8Array {
  const { hashes } = frontier;
  if (hashes.length === 0) return emptyRoot();
  let root = hashes[hashes.length - 1];
  for (let i = hashes.length - 2; i >= 0; i--) root = hashChildren(hashes[i], root);
  return root;
}

export function frontierToJson(frontier: Frontier): { size: number; hashes: string[] } {
  return { size: frontier.size, hashes: frontier.hashes.map(toHex) };
}

export function frontierFromJson(json: { size: number; hashes: string[] }): Frontier {
  const hashes = json.hashes.map(fromHex);
  const bits = json.size.toString(2).split('').filter((b) => b === '1').length;
  if (!Number.isSafeInteger(json.size) || json.size < 0 || bits !== hashes.length) {
    throw new Error('Frontier has the wrong number of hashes for its size');
  }
  return { size: json.size, hashes };
}
