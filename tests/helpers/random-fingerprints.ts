// Random 64-bit perceptual hashes for the near-duplicate search tests, with a brute-force
// reference: deterministic (mulberry32), so a failure can be replayed.
import { NEAR_DUPLICATE_MAX_DISTANCE, popcount32 } from '../../server/image';

export interface Hash {
  hi: number;
  lo: number;
}

export interface StoredHash extends Hash {
  id: string;
}

/** Pseudo-random numbers in [0, 1) from `seed`. */
export function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let v = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    v = (v + Math.imul(v ^ (v >>> 7), 61 | v)) ^ v;
    return ((v ^ (v >>> 14)) >>> 0) / 4294967296;
  };
}

/** The hash as 16 hex digits, as works store it. */
export function hex(hash: Hash): string {
  return (hash.hi >>> 0).toString(16).padStart(8, '0') + (hash.lo >>> 0).toString(16).padStart(8, '0');
}

export function randomHash(next: () => number): Hash {
  return { hi: Math.floor(next() * 2 ** 32), lo: Math.floor(next() * 2 ** 32) };
}

/** `hash` with `count` distinct random bits flipped. */
export function flipRandomBits(next: () => number, hash: Hash, count: number): Hash {
  const bits = new Set<number>();
  while (bits.size < count) bits.add(Math.floor(next() * 64));
  let { hi, lo } = hash;
  for (const bit of bits) {
    if (bit < 32) hi ^= 1 << bit;
    else lo ^= 1 << (bit - 32);
  }
  return { hi: hi >>> 0, lo: lo >>> 0 };
}

/** Clusters: 40 centres with 30 hashes each at 0 to 12 bits, so probes see many matches at once. */
export function clusteredHashes(next: () => number): { centres: Hash[]; hashes: Hash[] } {
  const centres: Hash[] = [];
  const hashes: Hash[] = [];
  for (let c = 0; c < 40; c++) {
    const centre = randomHash(next);
    centres.push(centre);
    for (let i = 0; i < 30; i++) hashes.push(flipRandomBits(next, centre, Math.floor(next() * 13)));
  }
  return { centres, hashes };
}

/** The reference: every stored hash compared with the probe; [id, distance] sorted by id. */
export function bruteForce(stored: readonly StoredHash[], probe: Hash): [string, number][] {
  const found: [string, number][] = [];
  for (const s of stored) {
    const distance = popcount32((s.hi ^ probe.hi) >>> 0) + popcount32((s.lo ^ probe.lo) >>> 0);
    if (distance <= NEAR_DUPLICATE_MAX_DISTANCE) found.push([s.id, distance]);
  }
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

/**
 * 360 probes: 240 at 0 to one past the threshold from stored hashes, 60 near the cluster
 * centres, 60 at random.
 */
export function probesFor(next: () => number, stored: readonly StoredHash[], centres: readonly Hash[]): Hash[] {
  const probes: Hash[] = [];
  for (let i = 0; i < 240; i++) {
    const base = stored[Math.floor(next() * stored.length)];
    probes.push(flipRandomBits(next, base, i % (NEAR_DUPLICATE_MAX_DISTANCE + 2)));
  }
  for (let i = 0; i < 60; i++) probes.push(flipRandomBits(next, centres[i % centres.length], i % 6));
  for (let i = 0; i < 60; i++) probes.push(randomHash(next));
  return probes;
}
