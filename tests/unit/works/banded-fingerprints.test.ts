// The in-memory near-duplicate search (server/works/banded-fingerprints.ts) finds exactly the
// hashes a scan of every stored hash finds, on 100,000 random hashes plus clusters of close ones,
// for probes at every distance from 0 to one past the threshold, in its band tables and among the
// hashes added since they were built. It keeps hashes, not works: the works are read by hash.
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
  type Hash,
  type StoredHash,
} from '../../helpers/random-fingerprints';

/** A hash stored under its own hex digits: the scan's answer is then what the memory answers. */
const asStored = (hash: Hash): StoredHash => ({ id: hex(hash), ...hash });
/** The close hashes by a scan, each once (a hash stored twice is one answer), sorted. */
const scan = (stored: readonly StoredHash[], probe: Hash) => [...new Map(bruteForce(stored, probe))];
const sortedAnswer = (answer: Map<string, number> | undefined) => [...answer!.entries()].sort((a, b) => a[0].localeCompare(b[0]));

describe('near-duplicate search in memory', () => {
  it('finds the same hashes at the same distances as a scan of all 101,200 hashes, for 360 probes at 0 to 11 bits', async () => {
    const next = random(1313);
    const stored: StoredHash[] = [];
    for (let i = 0; i < 100_000; i++) stored.push(asStored(randomHash(next)));
    const { centres, hashes } = clusteredHashes(next);
    for (const hash of hashes) stored.push(asStored(hash));
    const memory = new BandedFingerprints();
    for (const s of stored) memory.add(s.id);
    await memory.index();
    expect(memory.size).toBe(101_200);

    let matches = 0;
    let atThreshold = 0;
    for (const probe of probesFor(next, stored, centres)) {
      const expected = scan(stored, probe);
      expect(sortedAnswer(memory.close(hex(probe)))).toEqual(expected);
      matches += expected.length;
      atThreshold += expected.filter(([, d]) => d === NEAR_DUPLICATE_MAX_DISTANCE).length;
    }
    // The comparison means something: many matches, some exactly at the threshold.
    expect(matches).toBeGreaterThan(500);
    expect(atThreshold).toBeGreaterThan(5);

    // Hashes added after the band tables were built are found too, beside the indexed ones.
    for (let i = 0; i < 400; i++) {
      const added = asStored(flipRandomBits(next, centres[i % centres.length], i % 12));
      stored.push(added);
      memory.add(added.id);
    }
    for (const centre of centres) {
      const expected = scan(stored, centre);
      expect(sortedAnswer(memory.close(hex(centre)))).toEqual(expected);
      expect(expected.length).toBeGreaterThan(10);
    }
    expect(memory.size).toBe(101_600);
  }, 60_000);

  it('answers undefined while its band tables are rebuilt (the database answers), then as a scan', async () => {
    const next = random(77);
    const stored: StoredHash[] = [];
    const memory = new BandedFingerprints();
    const centre = randomHash(next);
    for (let i = 0; i < 20_000; i++) {
      stored.push(asStored(i % 100 === 0 ? flipRandomBits(next, centre, i % 11) : randomHash(next)));
      memory.add(stored[i].id);
    }
    expect(sortedAnswer(memory.close(hex(centre)))).toEqual(scan(stored, centre));
    // 20,000 added is past the rebuild point: that search started a rebuild.
    expect(memory.close(hex(centre))).toBeUndefined();
    await memory.index();
    const after = sortedAnswer(memory.close(hex(centre)));
    expect(after).toEqual(scan(stored, centre));
    // 200 close hashes stored, some equal (19 are the centre itself, 0 bits flipped; a few 1-bit
    // flips hit the same bit): 180 distinct, each answered once.
    expect(after).toHaveLength(180);
  });

  it('holds 20 bytes a hash once built, and every hash added since in chunks of 128 KB', async () => {
    const next = random(5);
    const memory = new BandedFingerprints();
    for (let i = 0; i < 100_000; i++) memory.add(hex(randomHash(next)));
    await memory.index();
    const offsetTables = 4 * (65_536 + 1) * 4;
    expect(memory.heldBytes).toBe(100_000 * 20 + offsetTables);
    memory.add('ffffffff00000000');
    expect(memory.heldBytes).toBe(100_000 * 20 + offsetTables + 16_384 * 8);
  });

  it('finds a hash added after the first search, and a hash stored twice once', () => {
    const memory = new BandedFingerprints();
    memory.add('ffffffff00000000');
    expect([...memory.close('ffffffff00000000')!]).toEqual([['ffffffff00000000', 0]]);
    memory.add('fffffffe00000003');
    memory.add('fffffffe00000003');
    expect(memory.close('ffffffff00000000')).toEqual(
      new Map([
        ['ffffffff00000000', 0],
        ['fffffffe00000003', 3],
      ]),
    );
    expect(memory.close('0000000000000000')!.size).toBe(0);
    expect(memory.size).toBe(3);
  });
});
