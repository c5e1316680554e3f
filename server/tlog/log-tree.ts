// One memoising tree hasher per database (see tree-hasher.ts): leaves never change once
// committed, so what one request learnt about complete subtrees serves all later ones. The
// memo is backed by tlog_subtrees (migration 009), so it also serves other processes and
// survives restarts: a proof or a root after start-up reads O(log n) stored hashes.
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { fromHex, toHex } from './hex';
import { emptyRoot } from './merkle';
import { insertSubtreeHashes, readLeafHashes, readLeafHashSpans, readSubtreeHashes, type SubtreeRef } from './log-repository';
import { subtreeKey, TreeHasher, type SubtreeNode, type SubtreeStore } from './tree-hasher';

const hashers = new WeakMap<Kysely<DB>, TreeHasher>();

/** Level and number of a complete subtree (its size is a power of two, its start a multiple of it). */
function toRef(node: SubtreeNode): SubtreeRef {
  return { level: Math.round(Math.log2(node.size)), number: node.start / node.size };
}

/** The tlog_subtrees table as the hasher's store. */
export function databaseSubtreeStore(db: Kysely<DB>): SubtreeStore {
  return {
    async read(nodes) {
      const stored = await readSubtreeHashes(db, nodes.map(toRef));
      const found = new Map<string, Uint8Array>();
      for (const node of nodes) {
        const ref = toRef(node);
        const hash = stored.get(`${ref.level}:${ref.number}`);
        if (hash) found.set(subtreeKey(node.start, node.size), fromHex(hash));
      }
      return found;
    },
    write: (nodes) =>
      insertSubtreeHashes(
        db,
        nodes.map((node) => ({ ...toRef(node), hash: toHex(node.hash) })),
      ),
  };
}

export function logTree(db: Kysely<DB>): TreeHasher {
  let hasher = hashers.get(db);
  if (!hasher) {
    hasher = new TreeHasher((start, end) => readLeafHashes(db, start, end), {
      store: databaseSubtreeStore(db),
      readSpans: (ranges) => readLeafHashSpans(db, ranges),
    });
    hashers.set(db, hasher);
  }
  return hasher;
}

/** MTH of the first `treeSize` leaves (the empty-string hash for an empty log). */
export async function logRoot(db: Kysely<DB>, treeSize: number): Promise<Uint8Array> {
  return treeSize === 0 ? emptyRoot() : logTree(db).hashRange(0, treeSize);
}
