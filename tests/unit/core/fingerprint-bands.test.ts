// The band radii of the near-duplicate index (server/works/fingerprint-bands.ts) guarantee by
// the pigeonhole principle that no hash within the threshold is missed.
import { describe, expect, it } from 'vitest';
import { bandProbeArrays, bandProbes, bandRadii, REGION_BANDS, valuesWithin } from '../../../server/works/fingerprint-bands';

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

  it('lists every (query, band value) pair of several hashes once per band, in ascending band value, as the index is', () => {
    const hashes = [
      { query: 0, hash: 'ffff00000000abcd' },
      { query: 1, hash: '0123456789abcdef' },
      { query: 2, hash: 'ffff00000000abcd' },
    ];
    const arrays = bandProbeArrays(hashes, 8, REGION_BANDS);
    const radii = bandRadii(8, REGION_BANDS);
    arrays.forEach(({ queries, values }, band) => {
      expect(values).toEqual([...values].sort((a, b) => a - b));
      const pairs = queries.map((query, i) => `${query}:${values[i]}`).sort();
      const expected = hashes
        .flatMap(({ query, hash }) => bandProbes(hash, 8, REGION_BANDS)[band].map((value) => `${query}:${value}`))
        .sort();
      expect(pairs).toEqual(expected);
      // Two hashes alike probe the same values: query 0's pair comes before query 2's.
      expect(pairs.length).toBe(3 * valuesWithin(0, radii[band], REGION_BANDS.widths[band]).length);
    });
    const first = arrays[2];
    const sameValue = first.values.findIndex((value, i) => value === first.values[i + 1]);
    expect([first.queries[sameValue], first.queries[sameValue + 1]]).toEqual([0, 2]);
  });
});
