// Issue 34: C2SP checkpoints may count up to 2^64 - 1 entries. The verifier shared by
// `npm run verify` and the proof page reads such sizes exactly (as bigint) and refuses larger ones.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseCheckpointNote, verifyConsistencyProof, verifyInclusionProof } from '../../../core/tlog-verify';

const root = crypto.randomBytes(32);
const note = (size: string) => `ledger.test/log\n${size}\n${root.toString('base64')}\n\n— ledger.test/log AAAAAAAA\n`;

describe('64-bit tree sizes in checkpoint notes', () => {
  it('reads 2^53 + 1 and 2^64 - 1 exactly', () => {
    expect(parseCheckpointNote(note('9007199254740993')).size).toBe(9007199254740993n);
    expect(parseCheckpointNote(note('18446744073709551615')).size).toBe(18446744073709551615n);
    expect(parseCheckpointNote(note('6'))).toMatchObject({ size: 6n, treeSize: 6 });
  });

  it('refuses 2^64, leading zeros and longer numbers', () => {
    for (const size of ['18446744073709551616', '099', '1000000000000000000000']) {
      expect(() => parseCheckpointNote(note(size))).toThrow(
        `checkpoint tree size '${size}' is not a decimal number from 0 to 2^64 - 1`,
      );
    }
  });

  it('checks proofs with bigint sizes: equal trees need no proof, and a one-leaf tree is its leaf', async () => {
    const hex = root.toString('hex');
    expect(await verifyConsistencyProof(18446744073709551615n, 18446744073709551615n, [], hex, hex)).toBe(true);
    expect(await verifyConsistencyProof(9007199254740993n, 18446744073709551615n, [], hex, hex)).toBe(false);
    expect(await verifyConsistencyProof(18446744073709551616n, 18446744073709551616n, [], hex, hex)).toBe(false);
    expect(await verifyInclusionProof({ leaf_hash: hex, leaf_index: 0n, tree_size: 1n, hashes: [] }, hex)).toBe(true);
    expect(
      await verifyInclusionProof({ leaf_hash: hex, leaf_index: 2n ** 64n - 1n, tree_size: 2n ** 64n - 1n, hashes: [] }, hex),
    ).toBe(false);
  });
});
