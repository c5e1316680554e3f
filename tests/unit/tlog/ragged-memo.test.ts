import { describe, expect, it } from 'vitest';
import { RaggedMemo } from '../../../server/tlog/ragged-memo';

const hash = (n: number) => new Uint8Array(32).fill(n);

describe('the ragged-range memo', () => {
  it('keeps a hash per range and forgets the least recently used beyond its bound', () => {
    const memo = new RaggedMemo(2);
    memo.set(0, 100, hash(1));
    memo.set(64, 100, hash(2));
    // Reading [0, 100) makes [64, 100) the least recently used.
    expect(memo.get(0, 100)).toEqual(hash(1));
    memo.set(96, 100, hash(3));
    expect(memo.size).toBe(2);
    expect(memo.get(64, 100)).toBeUndefined();
    expect(memo.get(0, 100)).toEqual(hash(1));
    expect(memo.get(96, 100)).toEqual(hash(3));
    // The same start with another end is another range.
    expect(memo.get(0, 101)).toBeUndefined();
  });
});
