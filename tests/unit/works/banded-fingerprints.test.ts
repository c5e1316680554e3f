// The in-memory near-duplicate search (server/works/banded-fingerprints.ts) finds exactly what a
// scan of every stored hash finds, on 100,000 random hashes plus clusters of close ones, for
// probes at every distance from 0 to one past the threshold, in its band tables and among the
// hashes added since they were built.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NEAR_DUPLICATE_MAX_DISTANCE } from '../../../server/image';
import { BandedFingerprints } from '../../../server/works/banded-fingerprints';
import {
  bruteForce,
  clusteredHashes,
  flipRandomBits,
  hex,
  probesFor,
  random,
  randomHash,
  type StoredHash,
} from '../../helpers/random-fingerprints';

describe('near-duplicate search in memory', () => {
  it('finds the same works at the same distances as a scan of all 101,200 hashes, for 360 probes at 0 to 11 bits', async () => {
    const next = random(1313);
    const stored: StoredHash[] = [];
    for (let i = 0; i < 100_000; i++) stored.push({ id: crypto.randomUUID(), ...randomHash(next) });
    const { centres, hashes } = clusteredHashes(next);
    for (const hash of hashes) stored.push({ id: crypto.randomUUID(), ...hash });
    const memory = new BandedFingerprints();
    for (const s of stored) memory.add(s.id, hex(s));
    await memory.index();
    expect(memory.size).toBe(101_200);

    let matches = 0;
    let atThreshold = 0;
    for (const probe of probesFor(next, stored, centres)) {
      const expected = bruteForce(stored, probe);
      const found = [...memory.close(hex(probe)).entries()].sort((a, b) => a[0].localeCompare(b[0]));
      expect(found).toEqual(expected);
      matches += expected.length;
      atThreshold += expected.filter(([, d]) => d === NEAR_DUPLICATE_MAX_DISTANCE).length;
    }
    // The comparison means something: many matches, some exactly at the threshold.
    expect(matches).toBeGreaterThan(500);
    expect(atThreshold).toBeGreaterThan(5);

    // Hashes added after the band tables were built are found too, beside the indexed ones.
    for (let i = 0; i < 400; i++) {
      const added = { id: crypto.randomUUID(), ...flipRandomBits(next, centres[i % centres.length], i % 12) };
      stored.push(added);
      memory.add(added.id, hex(added));
    }
    for (const centre of centres) {
      const expected = bruteForce(stored, centre);
      expect([...memory.close(hex(centre)).entries()].sort((a, b) => a[0].localeCompare(b[0]))).toEqual(expected);
      expect(expected.length).toBeGreaterThan(10);
    }
  }, 60_000);

  it('answers while its band tables are being built exactly as once they are built', async () => {
    const next = random(77);
    const stored: StoredHash[] = [];
    const memory = new BandedFingerprints();
    const centre = randomHash(next);
    for (let i = 0; i < 20_000; i++) {
      const hash = i % 100 === 0 ? flipRandomBits(next, centre, i % 11) : randomHash(next);
      stored.push({ id: crypto.randomUUID(), ...hash });
      memory.add(stored[i].id, hex(hash));
    }
    const building = memory.index();
    const during = [...memory.close(hex(centre)).entries()].sort((a, b) => a[0].localeCompare(b[0]));
    await building;
    const after = [...memory.close(hex(centre)).entries()].sort((a, b) => a[0].localeCompare(b[0]));
    expect(during).toEqual(bruteForce(stored, centre));
    expect(after).toEqual(during);
    expect(after).toHaveLength(200);
  });

  it('gives back the UUID it was given and finds a hash added after the first search', () => {
    const memory = new BandedFingerprints();
    memory.add('0a1b2c3d-4e5f-4071-8293-a4b5c6d7e8f9', 'ffffffff00000000');
    expect([...memory.close('ffffffff00000000')]).toEqual([['0a1b2c3d-4e5f-4071-8293-a4b5c6d7e8f9', 0]]);
    memory.add('11111111-2222-4333-8444-555555555555', 'fffffffe00000003');
    expect(memory.close('ffffffff00000000')).toEqual(
      new Map([
        ['0a1b2c3d-4e5f-4071-8293-a4b5c6d7e8f9', 0],
        ['11111111-2222-4333-8444-555555555555', 3],
      ]),
    );
    expect(memory.close('0000000000000000').size).toBe(0);
  });
});
