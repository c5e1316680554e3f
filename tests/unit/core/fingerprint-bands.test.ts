// The band radii of the near-duplicate index (server/works/fingerprint-bands.ts) guarantee by
// the pigeonhole principle that no hash within the threshold is missed.
import { describe, expect, it } from 'vitest';
import { bandProbes, bandRadii, valuesWithin } from '../../../server/works/fingerprint-bands';

describe('fingerprint bands', () => {
  it('splits a threshold of 10 bits into band radii 2, 2, 2 and 1 (3 + 3 + 3 + 2 = 11 bits needed to escape every band)', () => {
    expect(bandRadii(10)).toEqual([2, 2, 2, 1]);
    expect(bandRadii(3)).toEqual([0, 0, 0, 0]);
    expect(bandRadii(2)).toEqual([0, 0, 0, -1]);
  });

  it('lists each 16-bit value within the radius once: 1, 17 and 137 values for radii 0, 1 and 2', () => {
    expect(valuesWithin(0xabcd, 0)).toEqual([0xabcd]);
    expect(new Set(valuesWithin(0xabcd, 1)).size).toBe(17);
    const two = valuesWithin(0, 2);
    expect(new Set(two).size).toBe(137);
    expect(two.every((v) => v.toString(2).replaceAll('0', '').length <= 2)).toBe(true);
    expect(valuesWithin(5, -1)).toEqual([]);
  });

  it('probes the four 16-bit bands of a hash, most significant first', () => {
    const probes = bandProbes('0001000200030004', 10);
    expect(probes.map((p) => p[0])).toEqual([1, 2, 3, 4]);
    expect(probes.map((p) => p.length)).toEqual([137, 137, 137, 17]);
  });
});
