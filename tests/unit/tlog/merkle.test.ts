import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  consistencyProof,
  emptyRoot,
  fromHex,
  hashLeaf,
  inclusionProof,
  rootHash,
  toHex,
  verifyConsistency,
  verifyInclusion,
} from '../../../server/tlog';
import { verifyConsistencyProof, verifyInclusionProof } from '../../../core/tlog-verify';

// ---------------------------------------------------------------------------------------------
// Known answers. The 8 entries are the RFC 6962 test tree used by Certificate Transparency
// implementations. Every hex value below is printed by this command (an independent Python
// transcription of RFC 9162 §2.1.1, §2.1.3.1 and §2.1.4.1):
//
// python3 - <<'EOF'
// import hashlib
// H = lambda b: hashlib.sha256(b).digest()
// D = [bytes.fromhex(x) for x in ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f']]
// def k(n):
//     k = 1
//     while k * 2 < n: k *= 2
//     return k
// def mth(d):
//     if len(d) == 0: return H(b'')
//     if len(d) == 1: return H(b'\x00' + d[0])
//     return H(b'\x01' + mth(d[:k(len(d))]) + mth(d[k(len(d)):]))
// def path(m, d):
//     if len(d) == 1: return []
//     s = k(len(d))
//     return path(m, d[:s]) + [mth(d[s:])] if m < s else path(m - s, d[s:]) + [mth(d[:s])]
// def sub(m, d, b):
//     if m == len(d): return [] if b else [mth(d)]
//     s = k(len(d))
//     return sub(m, d[:s], b) + [mth(d[s:])] if m <= s else sub(m - s, d[s:], False) + [mth(d[:s])]
// for n in range(9): print('root', n, mth(D[:n]).hex())
// for m, n in [(0, 8), (5, 8), (2, 3), (1, 1)]: print('path', m, n, [h.hex() for h in path(m, D[:n])])
// for m, n in [(1, 8), (6, 8), (2, 5), (4, 8), (3, 7)]: print('proof', m, n, [h.hex() for h in sub(m, D[:n], True)])
// EOF
// ---------------------------------------------------------------------------------------------

const CT_ENTRIES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'];
const CT_LEAVES = CT_ENTRIES.map((e) => hashLeaf(fromHex(e)));

const CT_ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', // also: printf '' | openssl dgst -sha256
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];

const CT_PATHS: Array<[index: number, size: number, hashes: string[]]> = [
  [
    0,
    8,
    [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  ],
  [
    5,
    8,
    [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
  [2, 3, ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125']],
  [0, 1, []],
];

const CT_CONSISTENCY: Array<[m: number, n: number, hashes: string[]]> = [
  [
    1,
    8,
    [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  ],
  [
    6,
    8,
    [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
  [
    2,
    5,
    [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  ],
  [4, 8, ['6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4']],
  [
    3,
    7,
    [
      '0298d122906dcfc10892cb53a73992fc5b9f493ea4c9badb27b791b4127a7fe7',
      '07506a85fd9dd2f120eb694f86011e5bb4662e5c415a62917033d4a9624487e7',
      'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
      '837dbb152e9b079010717e84e865da4ebc0fa198a806d59d31bf15accef22d0e',
    ],
  ],
];

// ---------------------------------------------------------------------------------------------
// NAIVE reference: RFC 9162 §2.1 transcribed literally over a list of data entries D, written
// without looking at merkle.ts. A sub-list D[a:b] of the fixed entry list is the pair (a, b);
// MTH is memoised on that pair (MTH(D[a:b]) does not depend on the rest of the tree), which
// keeps the exhaustive checks fast without changing the definition.
// ---------------------------------------------------------------------------------------------

const ENTRIES = Array.from({ length: 300 }, (_, i) => Buffer.from(`entry ${i}`));
const sha = (...parts: Uint8Array[]) => {
  const h = createHash('sha256');
  parts.forEach((p) => h.update(p));
  return h.digest();
};
const memo = new Map<string, Buffer>();

function largestPowerOfTwoLessThan(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

function naiveMth(a: number, b: number): Buffer {
  const key = `${a}:${b}`;
  let v = memo.get(key);
  if (!v) {
    const n = b - a;
    if (n === 0) v = sha(Buffer.alloc(0));
    else if (n === 1) v = sha(Buffer.from([0]), ENTRIES[a]);
    else {
      const k = largestPowerOfTwoLessThan(n);
      v = sha(Buffer.from([1]), naiveMth(a, a + k), naiveMth(a + k, b));
    }
    memo.set(key, v);
  }
  return v;
}

/** PATH(m, D[a:b]) with, for each element, whether the sibling sits on the left. */
function naivePath(m: number, a: number, b: number): Array<{ hash: Buffer; left: boolean }> {
  const n = b - a;
  if (n === 1) return [];
  const k = largestPowerOfTwoLessThan(n);
  if (m < k) return [...naivePath(m, a, a + k), { hash: naiveMth(a + k, b), left: false }];
  return [...naivePath(m - k, a + k, b), { hash: naiveMth(a, a + k), left: true }];
}

function naiveSubproof(m: number, a: number, b: number, complete: boolean): Buffer[] {
  const n = b - a;
  if (m === n) return complete ? [] : [naiveMth(a, b)];
  const k = largestPowerOfTwoLessThan(n);
  if (m <= k) return [...naiveSubproof(m, a, a + k, complete), naiveMth(a + k, b)];
  return [...naiveSubproof(m - k, a + k, b, false), naiveMth(a, a + k)];
}

const naiveProof = (m: number, n: number) => naiveSubproof(m, 0, n, true);
const leafHashes = ENTRIES.map((e) => sha(Buffer.from([0]), e));
const hex = (list: Uint8Array[]) => list.map(toHex);

// Deterministic pseudo-random numbers so a failure can be replayed.
function rng(seed: number) {
  let s = seed >>> 0;
  return (max: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % max;
  };
}

function flipBit(h: Uint8Array, bit: number): Uint8Array {
  const out = Uint8Array.from(h);
  out[bit >> 3] ^= 1 << (bit & 7);
  return out;
}

describe('Merkle tree known answers (RFC 6962 test tree)', () => {
  it('gives the empty tree the SHA-256 of the empty string e3b0c442…b855', () => {
    expect(toHex(rootHash([]))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(toHex(emptyRoot())).toBe(CT_ROOTS[0]);
  });

  it('hashes a leaf as SHA-256(0x00 || entry): the empty entry gives 6e340b9c…a01d', () => {
    // printf '\x00' | openssl dgst -sha256
    expect(toHex(hashLeaf(new Uint8Array(0)))).toBe('6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d');
  });

  it.each(CT_ROOTS.map((root, n) => [n, root]))('gives the %i-leaf tree the root %s', (n, root) => {
    expect(toHex(rootHash(CT_LEAVES.slice(0, n as number)))).toBe(root);
  });

  it.each(CT_PATHS)('gives leaf %i of %i the published inclusion proof', async (index, size, hashes) => {
    const leaves = CT_LEAVES.slice(0, size);
    expect(hex(inclusionProof(index, leaves))).toEqual(hashes);
    const root = fromHex(CT_ROOTS[size]);
    expect(verifyInclusion(leaves[index], index, size, hashes.map(fromHex), root)).toBe(true);
    const json = { leaf_hash: toHex(leaves[index]), leaf_index: index, tree_size: size, hashes };
    expect(await verifyInclusionProof(json, CT_ROOTS[size])).toBe(true);
  });

  it.each(CT_CONSISTENCY)('gives sizes %i → %i the published consistency proof', async (m, n, hashes) => {
    expect(hex(consistencyProof(m, CT_LEAVES.slice(0, n)))).toEqual(hashes);
    expect(verifyConsistency(m, n, hashes.map(fromHex), fromHex(CT_ROOTS[m]), fromHex(CT_ROOTS[n]))).toBe(true);
    expect(await verifyConsistencyProof(m, n, hashes, CT_ROOTS[m], CT_ROOTS[n])).toBe(true);
  });
});

describe('Merkle tree against the naive RFC 9162 reference', () => {
  it('computes the same root for every tree size 0..300', () => {
    for (let n = 0; n <= 300; n++) expect(toHex(rootHash(leafHashes.slice(0, n))), `size ${n}`).toBe(toHex(naiveMth(0, n)));
  });

  // Every index of every size up to 64, then every index of sizes around powers of two; the
  // browser verifier runs on every proof up to size 40 and on every 5th proof after that.
  it('computes and verifies every inclusion proof for sizes 1..64 and for sizes around powers of two up to 300', async () => {
    const sizes = [...Array.from({ length: 64 }, (_, i) => i + 1), 128, 129, 256, 257, 300];
    let checked = 0;
    for (const n of sizes) {
      const leaves = leafHashes.slice(0, n);
      const root = naiveMth(0, n);
      for (let i = 0; i < n; i++) {
        const proof = hex(inclusionProof(i, leaves));
        const expected = hex(naivePath(i, 0, n).map((p) => p.hash));
        if (proof.join() !== expected.join()) expect(proof, `index ${i} of ${n}`).toEqual(expected);
        if (!verifyInclusion(leaves[i], i, n, proof.map(fromHex), root)) expect.fail(`server rejects ${i} of ${n}`);
        if (n <= 40 || i % 5 === 0) {
          const json = { leaf_hash: toHex(leaves[i]), leaf_index: i, tree_size: n, hashes: proof };
          if (!(await verifyInclusionProof(json, toHex(root)))) expect.fail(`browser rejects ${i} of ${n}`);
        }
        checked++;
      }
    }
    expect(checked).toBe(2080 + 128 + 129 + 256 + 257 + 300);
    // About 3,000 proofs checked twice: seconds of CPU, more beside other suites on 2 cores.
  }, 30_000);

  it('computes and verifies every consistency proof for 0 ≤ m ≤ n ≤ 40 and 300 random pairs up to 300', async () => {
    const pairs: Array<[number, number]> = [];
    for (let n = 1; n <= 40; n++) for (let m = 0; m <= n; m++) pairs.push([m, n]);
    const next = rng(9162);
    for (let i = 0; i < 300; i++) {
      const n = 1 + next(300);
      pairs.push([next(n + 1), n]);
    }
    for (const [m, n] of pairs) {
      const proof = consistencyProof(m, leafHashes.slice(0, n));
      const label = `${m} → ${n}`;
      expect(hex(proof), label).toEqual(m === 0 ? [] : hex(naiveProof(m, n)));
      const [rootM, rootN] = [naiveMth(0, m), naiveMth(0, n)];
      expect(verifyConsistency(m, n, proof, rootM, rootN), label).toBe(true);
      expect(await verifyConsistencyProof(m, n, hex(proof), toHex(rootM), toHex(rootN)), label).toBe(true);
    }
  });
});

describe('tampered inclusion proofs are rejected by the server and the browser verifier', () => {
  // Every index of every size 1..20.
  const cases: Array<[number, number]> = [];
  for (let n = 1; n <= 20; n++) for (let i = 0; i < n; i++) cases.push([i, n]);

  async function bothVerify(leaf: Uint8Array, i: number, n: number, proof: Uint8Array[], root: Uint8Array) {
    const server = verifyInclusion(leaf, i, n, proof, root);
    const browser = await verifyInclusionProof(
      { leaf_hash: toHex(leaf), leaf_index: i, tree_size: n, hashes: hex(proof) },
      toHex(root),
    );
    expect(browser, `browser and server disagree for ${i} of ${n}`).toBe(server);
    return server;
  }

  it('rejects a proof with one flipped bit in any hash, or a flipped leaf hash', async () => {
    for (const [i, n] of cases) {
      const leaves = leafHashes.slice(0, n);
      const proof = inclusionProof(i, leaves);
      const root = rootHash(leaves);
      for (let j = 0; j < proof.length; j++) {
        const bit = (j * 97 + i * 31) % 256; // a different bit of each hash across the cases
        const bad = proof.map((h, x) => (x === j ? flipBit(h, bit) : h));
        expect(await bothVerify(leaves[i], i, n, bad, root)).toBe(false);
      }
      expect(await bothVerify(flipBit(leaves[i], 3), i, n, proof, root)).toBe(false);
    }
  });

  it('rejects a proof with an extra hash, a missing hash, or against a wrong root', async () => {
    for (const [i, n] of cases) {
      const leaves = leafHashes.slice(0, n);
      const proof = inclusionProof(i, leaves);
      const root = rootHash(leaves);
      expect(await bothVerify(leaves[i], i, n, [...proof, leaves[0]], root)).toBe(false);
      expect(await bothVerify(leaves[i], i, n, [leaves[0], ...proof], root)).toBe(false);
      if (proof.length > 0) {
        expect(await bothVerify(leaves[i], i, n, proof.slice(1), root)).toBe(false);
        expect(await bothVerify(leaves[i], i, n, proof.slice(0, -1), root)).toBe(false);
      }
      expect(await bothVerify(leaves[i], i, n, proof, flipBit(root, 100))).toBe(false);
      expect(await bothVerify(leaves[i], i, n, proof, rootHash(leafHashes.slice(0, n + 1)))).toBe(false);
    }
  });

  it('rejects an index or size outside the tree and a hash of the wrong length', async () => {
    const leaves = leafHashes.slice(0, 5);
    const proof = inclusionProof(4, leaves);
    const root = rootHash(leaves);
    expect(await bothVerify(leaves[4], 5, 5, proof, root)).toBe(false);
    expect(await bothVerify(leaves[4], -1, 5, proof, root)).toBe(false);
    expect(await bothVerify(leaves[4], 4, 4, proof, root)).toBe(false);
    expect(verifyInclusion(leaves[4], 4, 5, [proof[0].subarray(0, 31)], root)).toBe(false);
  });

  // A leaf-hash/path pair only fixes the left/right shape of the walk to the root. Moving the
  // claimed index or size keeps the proof valid exactly when that shape stays the same (e.g.
  // leaf 0 of 5 and of 6); that is why a proof bundle must match its SIGNED checkpoint's size.
  it('rejects a wrong index or size whenever it changes the shape of the path, and only then accepts', async () => {
    const shape = (i: number, n: number) =>
      naivePath(i, 0, n)
        .map((p) => (p.left ? 'L' : 'R'))
        .join('');
    let rejected = 0;
    for (const [i, n] of cases) {
      const leaves = leafHashes.slice(0, n);
      const proof = inclusionProof(i, leaves);
      const root = rootHash(leaves);
      const claims: Array<[number, number]> = [
        [i - 1, n],
        [i + 1, n],
        [i, n - 1],
        [i, n + 1],
        [i, 2 * n],
      ];
      for (const [ci, cn] of claims) {
        if (ci < 0 || ci >= cn) continue;
        const sameShape = shape(ci, cn) === shape(i, n);
        expect(await bothVerify(leaves[i], ci, cn, proof, root), `${i}/${n} claimed as ${ci}/${cn}`).toBe(sameShape);
        if (!sameShape) rejected++;
      }
    }
    expect(verifyInclusion(leafHashes[0], 0, 6, inclusionProof(0, leafHashes.slice(0, 5)), rootHash(leafHashes.slice(0, 5)))).toBe(
      true,
    );
    expect(rejected).toBeGreaterThan(600);
  });
});

describe('tampered consistency proofs are rejected by the server and the browser verifier', () => {
  async function bothVerify(m: number, n: number, proof: Uint8Array[], rootM: Uint8Array, rootN: Uint8Array) {
    const server = verifyConsistency(m, n, proof, rootM, rootN);
    const browser = await verifyConsistencyProof(m, n, hex(proof), toHex(rootM), toHex(rootN));
    expect(browser, `browser and server disagree for ${m} → ${n}`).toBe(server);
    return server;
  }

  it('rejects flipped bits, extra or missing hashes, swapped or wrong roots for all 1 ≤ m < n ≤ 24', async () => {
    for (let n = 2; n <= 24; n++) {
      for (let m = 1; m < n; m++) {
        const proof = consistencyProof(m, leafHashes.slice(0, n));
        const rootM = rootHash(leafHashes.slice(0, m));
        const rootN = rootHash(leafHashes.slice(0, n));
        for (let j = 0; j < proof.length; j++) {
          const bad = proof.map((h, x) => (x === j ? flipBit(h, 200) : h));
          expect(await bothVerify(m, n, bad, rootM, rootN)).toBe(false);
        }
        expect(await bothVerify(m, n, [...proof, rootN], rootM, rootN)).toBe(false);
        expect(await bothVerify(m, n, proof.slice(0, -1), rootM, rootN)).toBe(false);
        expect(await bothVerify(m, n, proof.slice(1), rootM, rootN)).toBe(false);
        expect(await bothVerify(m, n, proof, rootN, rootM)).toBe(false);
        expect(await bothVerify(m, n, proof, flipBit(rootM, 9), rootN)).toBe(false);
        expect(await bothVerify(m, n, proof, rootM, flipBit(rootN, 9))).toBe(false);
      }
    }
  });

  it('rejects proofs claimed for other sizes when the proof length differs, and m > n always', async () => {
    let rejected = 0;
    for (let n = 2; n <= 24; n++) {
      for (let m = 1; m < n; m++) {
        const proof = consistencyProof(m, leafHashes.slice(0, n));
        for (const [cm, cn] of [
          [m + 1, n],
          [m - 1, n],
          [m, n + 1],
          [m, n - 1],
        ] as const) {
          if (cm < 1 || cm >= cn || naiveProof(cm, cn).length === proof.length) continue;
          const rootM = rootHash(leafHashes.slice(0, cm));
          const rootN = rootHash(leafHashes.slice(0, cn));
          expect(await bothVerify(cm, cn, proof, rootM, rootN), `${m}→${n} claimed as ${cm}→${cn}`).toBe(false);
          rejected++;
        }
      }
    }
    expect(rejected).toBeGreaterThan(100);
    const r5 = rootHash(leafHashes.slice(0, 5));
    expect(await bothVerify(6, 5, [], r5, r5)).toBe(false);
  });

  it('accepts m = n only with an empty proof and equal roots, and m = 0 only from the empty root', async () => {
    const r7 = rootHash(leafHashes.slice(0, 7));
    expect(await bothVerify(7, 7, [], r7, r7)).toBe(true);
    expect(await bothVerify(7, 7, [r7], r7, r7)).toBe(false);
    expect(await bothVerify(7, 7, [], flipBit(r7, 0), r7)).toBe(false);
    expect(await bothVerify(0, 7, [], emptyRoot(), r7)).toBe(true);
    expect(await bothVerify(0, 7, [], r7, r7)).toBe(false);
    expect(await bothVerify(3, 7, [], rootHash(leafHashes.slice(0, 3)), r7)).toBe(false);
  });
});
