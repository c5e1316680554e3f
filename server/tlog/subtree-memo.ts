// The tree hasher's memo of complete-subtree hashes, kept compact: per level (a subtree of 2^level
// leaves), one buffer of 32-byte hashes indexed by the subtree's number and a bitmap of the numbers
// known. A log of 1,000,000 leaves has about 125,000 subtrees of 16 leaves or more: 4 MB here,
// against about 25 MB as a Map of string keys to small arrays, and a lookup builds no string.
import { HASH_SIZE } from './merkle';

interface Level {
  hashes: Uint8Array;
  known: Uint8Array;
}

/** Room for numbers below `count` at least, doubling so that growing one at a time stays cheap. */
function capacityFor(count: number, current: number): number {
  let capacity = Math.max(current, 64);
  while (capacity < count) capacity *= 2;
  return capacity;
}

export class SubtreeMemo {
  private readonly levels: Level[] = [];
  private count = 0;

  /** Hashes held. */
  get size(): number {
    return this.count;
  }

  /** The hash of the subtree `number` at `level`, if held (a view into the memo: never written to). */
  get(level: number, number: number): Uint8Array | undefined {
    const at = this.levels[level];
    if (!at || number >= at.known.length * 8 || !(at.known[number >> 3] & (1 << (number & 7)))) return undefined;
    return at.hashes.subarray(number * HASH_SIZE, (number + 1) * HASH_SIZE);
  }

  has(level: number, number: number): boolean {
    return this.get(level, number) !== undefined;
  }

  set(level: number, number: number, hash: Uint8Array): void {
    if (hash.length !== HASH_SIZE) throw new RangeError(`A subtree hash has ${HASH_SIZE} bytes, not ${hash.length}`);
    const at = this.levelWithRoomFor(level, number);
    const bit = 1 << (number & 7);
    if (!(at.known[number >> 3] & bit)) this.count += 1;
    at.known[number >> 3] |= bit;
    at.hashes.set(hash, number * HASH_SIZE);
  }

  private levelWithRoomFor(level: number, number: number): Level {
    const at = this.levels[level];
    if (at && number < at.known.length * 8) return at;
    const capacity = capacityFor(number + 1, at ? at.known.length * 8 : 0);
    const grown: Level = { hashes: new Uint8Array(capacity * HASH_SIZE), known: new Uint8Array(capacity / 8) };
    if (at) {
      grown.hashes.set(at.hashes);
      grown.known.set(at.known);
    }
    this.levels[level] = grown;
    return grown;
  }
}
