import { describe, expect, it } from 'vitest';
import {
  buildLeaf,
  createSigner,
  generateKeyPair,
  inclusionProof,
  rootHash,
  signCheckpoint,
  toHex,
  type LeafEvent,
} from '../../../server/tlog';
import { verifyProofBundle, type ProofBundle } from '../../../core/tlog-verify';

const ORIGIN = 'registry.example/log';
const signer = createSigner(ORIGIN, generateKeyPair());

// A small log as the server would write it: 13 events about 5 works.
const EVENTS: LeafEvent[] = Array.from({ length: 13 }, (_, i) => ({
  registry_id: `VW-2026-${String((i % 5) + 1).padStart(6, '0')}`,
  submission_id: `00000000-0000-4000-8000-${String((i % 5) + 1).padStart(12, '0')}`,
  image_sha256: String(i % 5).repeat(64),
  event: i < 5 ? 'created' : (['soft_deleted', 'restored', 'purged'] as const)[i % 3],
  time: new Date(Date.UTC(2026, 0, 1, 0, i)),
}));
const LEAVES = EVENTS.map(buildLeaf);
const HASHES = LEAVES.map((l) => l.leafHash);

/** What GET /api/log/proof/inclusion returns, plus the entry, for a log of `size` leaves. */
function bundleFor(index: number, size: number): ProofBundle {
  const leaves = HASHES.slice(0, size);
  return {
    leaf_canonical_json: LEAVES[index].canonicalJson,
    leaf_hash: LEAVES[index].leafHashHex,
    leaf_index: index,
    tree_size: size,
    hashes: inclusionProof(index, leaves).map(toHex),
    checkpoint: signCheckpoint({ origin: ORIGIN, treeSize: size, rootHash: rootHash(leaves) }, signer),
  };
}

describe('proof bundle verification (browser and offline CLI)', () => {
  it('accepts every leaf of every log size 1..13 and reports the checkpoint it checked', async () => {
    for (let size = 1; size <= 13; size++) {
      for (let index = 0; index < size; index++) {
        const result = await verifyProofBundle(bundleFor(index, size), signer.vkey);
        expect(result.reasons, `${index} of ${size}`).toEqual([]);
        expect(result.ok).toBe(true);
        expect(result.checkpoint).toMatchObject({ origin: ORIGIN, treeSize: size, rootHash: toHex(rootHash(HASHES.slice(0, size))) });
      }
    }
  });

  it('accepts a bundle without the entry JSON (hash-only check)', async () => {
    const { leaf_canonical_json: _omit, ...hashOnly } = bundleFor(3, 7);
    expect(await verifyProofBundle(hashOnly, signer.vkey)).toMatchObject({ ok: true, reasons: [] });
  });

  it('explains an entry that does not match its leaf hash', async () => {
    const b = bundleFor(2, 7);
    const edited = b.leaf_canonical_json!.replace('VW-2026-000003', 'VW-2026-000004');
    const result = await verifyProofBundle({ ...b, leaf_canonical_json: edited }, signer.vkey);
    expect(result.ok).toBe(false);
    expect(result.reasons).toEqual([
      `Leaf hash ${b.leaf_hash} does not match the entry, which hashes to ${buildLeaf({ ...EVENTS[2], registry_id: 'VW-2026-000004' }).leafHashHex}`,
    ]);
  });

  it('explains a proof that does not lead to the checkpoint root', async () => {
    const b = bundleFor(4, 9);
    const hashes = [...b.hashes];
    hashes[1] = hashes[1].replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect(await verifyProofBundle({ ...b, hashes }, signer.vkey)).toEqual({
      ok: false,
      reasons: ['Inclusion proof for leaf 4 does not lead to the checkpoint root hash'],
      checkpoint: expect.objectContaining({ treeSize: 9 }),
    });
    // Another leaf's entry and hash with this leaf's proof.
    const other = bundleFor(5, 9);
    const swapped = { ...b, leaf_canonical_json: other.leaf_canonical_json, leaf_hash: other.leaf_hash };
    expect((await verifyProofBundle(swapped, signer.vkey)).reasons).toEqual([
      'Inclusion proof for leaf 4 does not lead to the checkpoint root hash',
    ]);
  });

  it('refuses a proof for one tree size presented with a checkpoint of another size', async () => {
    const b = bundleFor(0, 5);
    const checkpoint6 = bundleFor(0, 6).checkpoint;
    // Leaf 0's path has the same shape in trees of 5 and 6, so only the size check catches this.
    expect((await verifyProofBundle({ ...b, checkpoint: checkpoint6 }, signer.vkey)).reasons).toEqual([
      'Proof is for tree size 5 but the checkpoint is for size 6',
    ]);
  });

  it('explains a checkpoint signed by another key, a modified checkpoint, and a malformed log key', async () => {
    const b = bundleFor(1, 4);
    const impostor = createSigner(ORIGIN, generateKeyPair());
    const keyLabel = signer.vkey.split('+').slice(0, 2).join('+');
    expect((await verifyProofBundle(b, impostor.vkey)).reasons).toEqual([
      `Checkpoint is not validly signed by the log key ${impostor.vkey.split('+').slice(0, 2).join('+')}`,
    ]);

    const forged = signCheckpoint({ origin: ORIGIN, treeSize: 4, rootHash: rootHash(HASHES.slice(1, 5)) }, impostor);
    const forgedSigLine = forged.split('\n\n')[1];
    const withForgedBody = forged.split('\n\n')[0] + '\n\n' + b.checkpoint.split('\n\n')[1];
    expect(forgedSigLine).toContain(ORIGIN);
    expect((await verifyProofBundle({ ...b, checkpoint: withForgedBody }, signer.vkey)).reasons).toEqual([
      'Inclusion proof for leaf 1 does not lead to the checkpoint root hash',
      `Checkpoint is not validly signed by the log key ${keyLabel}`,
    ]);

    expect((await verifyProofBundle(b, 'not-a-key')).reasons).toEqual([
      'Log key is invalid: verifier key must be <name>+<8 hex key id>+<base64 key>',
    ]);
  });

  it('explains a checkpoint that is not a signed note', async () => {
    const b = bundleFor(1, 4);
    const result = await verifyProofBundle({ ...b, checkpoint: 'hello\n' }, signer.vkey);
    expect(result).toEqual({
      ok: false,
      reasons: ['Checkpoint is malformed: checkpoint has no signature block'],
      checkpoint: undefined,
    });
  });
});
