// One memoising tree hasher per database (see tree-hasher.ts): leaves never change once
// committed, so what one request learnt about complete subtrees serves all later ones.
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { emptyRoot } from './merkle';
import { readLeafHashes } from './log-repository';
import { TreeHasher } from './tree-hasher';

const hashers = new WeakMap<Kysely<DB>, TreeHasher>();

export function logTree(db: Kysely<DB>): TreeHasher {
  let hasher = hashers.get(db);
  if (!hasher) {
    hasher = new TreeHasher((start, end) => readLeafHashes(db, start, end));
    hashers.set(db, hasher);
  }
  return hasher;
}

/** MTH of the first `treeSize` leaves (the empty-string hash for an empty log). */
export async function logRoot(db: Kysely<DB>, treeSize: number): Promise<Uint8Array> {
  return treeSize === 0 ? emptyRoot() : logTree(db).hashRange(0, treeSize);
}
