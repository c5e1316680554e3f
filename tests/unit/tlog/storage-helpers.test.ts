import { describe, expect, it } from 'vitest';
import {
  appendLeaf,
  consistencyProof,
  consistencyProofFrom,
  emptyFrontier,
  frontierFromJson,
  frontierRoot,
  frontierToJson,
  hashLeaf,
  inclusionProof,
  inclusionProofFrom,
  rootHash,
  rootHashFrom,
  toHex,
  type Frontier,
} from '../../../server/tlog';

const LEAVES = Array.from({ length: 200 }, (_, i) => hashLeaf(Buffer.from(`leaf ${i}`)));

describe('frontier: the new root after each append without rereading the log', () => {
  it('matches the full-tree root after every append from 0 to 200 leaves', () => {
    let f: Frontier = emptyFrontier();
    expect(toHex(frontierRoot(f))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    for (let n = 1; n <= 200; n++) {
      f = appendLeaf(f, LEAVES[n - 1]);
      expect(toHex(frontierRoot(f)), `size ${n}`).toBe(toHex(rootHash(LEAVES.slice(0, n))));
      // One stored hash per set bit of the size, e.g. 200 = 0b11001000 → 3 hashes.
      expect(f.hashes.length).toBe(n.toString(2).replace(/0/g, '').length);
    }
    expect(f.hashes.length).toBe(3);
  });

  it('survives a JSON round trip and refuses a frontier whose hash count does not fit its size', () => {
    let f = emptyFrontier();
    for (const leaf of LEAVES.slice(0, 11)) f = appendLeaf(f, leaf);
    const json = JSON.parse(JSON.stringify(frontierToJson(f)));
    expect(toHex(frontierRoot(frontierFromJson(json)))).toBe(toHex(rootHash(LEAVES.slice(0, 11))));
    expect(() => frontierFromJson({ size: 12, hashes: json.hashes })).toThrow('Frontier has the wrong number of hashes for its size');
  });
});

describe('proofs computed from a leaf reader (storage-backed)', () => {
  const reads: Array<[number, number]> = [];
  const read = async (start: number, end: number) => {
    reads.push([start, end]);
    return LEAVES.slice(start, end);
  };

  it('gives the same roots and proofs as the in-memory functions while reading each leaf at most once', async () => {
    for (const n of [1, 2, 7, 64, 65, 200]) {
      expect(toHex(await rootHashFrom(n, read))).toBe(toHex(rootHash(LEAVES.slice(0, n))));
      for (const i of [0, Math.floor(n / 3), n - 1]) {
        reads.length = 0;
        const proof = await inclusionProofFrom(i, n, read);
        expect(proof.map(toHex)).toEqual(inclusionProof(i, LEAVES.slice(0, n)).map(toHex));
        expect(reads.reduce((sum, [s, e]) => sum + e - s, 0)).toBe(n - 1); // every leaf but the proven one
      }
      for (const m of [1, Math.floor(n / 2), n]) {
        if (m > n) continue;
        const proof = await consistencyProofFrom(m, n, read);
        expect(proof.map(toHex)).toEqual(consistencyProof(m, LEAVES.slice(0, n)).map(toHex));
      }
    }
    expect(toHex(await rootHashFrom(0, read))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('uses a cached subtree hash instead of reading its leaves', async () => {
    const full = rootHash(LEAVES.slice(0, 128));
    const cache = async (start: number, end: number) => (start === 0 && end === 128 ? full : undefined);
    reads.length = 0;
    const proof = await inclusionProofFrom(150, 200, read, cache);
    expect(proof.map(toHex)).toEqual(inclusionProof(150, LEAVES).map(toHex));
    expect(reads.some(([s, e]) => s === 0 && e === 128)).toBe(false);
  });

  it('refuses a reader that returns too few leaves', async () => {
    await expect(rootHashFrom(10, async () => LEAVES.slice(0, 9))).rejects.toThrow('Leaf reader returned 9 leaves for range [0, 10)');
  });

  it('refuses proofs outside the tree', () => {
    expect(() => inclusionProof(5, LEAVES.slice(0, 5))).toThrow('index 5 is outside a tree of size 5');
    expect(() => consistencyProof(6, LEAVES.slice(0, 5))).toThrow('old size 6 is larger than new size 5');
  });
});
