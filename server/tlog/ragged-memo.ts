// The tree hasher's memo of hashes of ranges that are not complete subtrees: the log's ragged right
// edge, MTH(D[a:n]) for a tree of n leaves. Every inclusion proof against a checkpoint of n leaves
// has one such range in its path, one of about log2(n) for that n, and it is the same for every
// leaf on the same side; without this memo each proof read the edge's loose leaves (up to 15) and
// hashed them again. A range's hash never changes (leaves never do), so nothing here goes stale;
// only the most recently used are kept, as checkpoints move on with the log.

/** Ragged ranges kept: a checkpoint's proofs use about log2(n) (20 at a million leaves) and their halves. */
export const RAGGED_MEMO_ENTRIES = 256;

export class RaggedMemo {
  private readonly hashes = new Map<string, Uint8Array>();

  constructor(private readonly maxEntries = RAGGED_MEMO_ENTRIES) {}

  get size(): number {
    return this.hashes.size;
  }

  get(start: number, end: number): Uint8Array | undefined {
    const key = `${start}:${end}`;
    const hash = this.hashes.get(key);
    if (hash) {
      // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
      this.hashes.delete(key);
      this.hashes.set(key, hash);
    }
    return hash;
  }

  set(start: number, end: number, hash: Uint8Array): void {
    const key = `${start}:${end}`;
    this.hashes.delete(key);
    this.hashes.set(key, hash);
    if (this.hashes.size > this.maxEntries) this.hashes.delete(this.hashes.keys().next().value as string);
  }
}
