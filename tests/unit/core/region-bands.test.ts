// The wide bands of the crop-tolerant views (REGION_BANDS, migration 038, decision 0076) find
// exactly what comparing every view finds: views at the largest distance allowed, however their
// differing bits fall across the bands, and the views of real cropped copies. The two comparisons
// take a second or two alone; the time-outs allow for a busy shared machine.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../server/cli/seed-content';
import { generateSeedImage } from '../../../server/cli/seed-images';
import { hammingDistance, popcount32, processImage, REGION_MATCH_MAX_DISTANCE, type RegionHash } from '../../../server/image';
import {
  bandOf,
  bandProbes,
  bandRadii,
  bandShift,
  PHASH_BANDS,
  probesPerHash,
  REGION_BANDS,
  type BandLayout,
} from '../../../server/works/fingerprint-bands';
import { flipInBands, randomHex, randomSpread, WORST_SPREADS } from '../../helpers/region-views';

const D = REGION_MATCH_MAX_DISTANCE;

/** hammingDistance over two 32-bit halves, without BigInt. */
function distance(a: string, b: string): number {
  return (
    popcount32(Number.parseInt(a.slice(0, 8), 16) ^ Number.parseInt(b.slice(0, 8), 16)) +
    popcount32(Number.parseInt(a.slice(8), 16) ^ Number.parseInt(b.slice(8), 16))
  );
}

/** What the indexes of migration 038 hold: per band, (band value, kind) → stored views. */
function bandIndex(views: readonly RegionHash[], layout: BandLayout): Map<string, number[]>[] {
  return layout.widths.map((_, band) => {
    const index = new Map<string, number[]>();
    views.forEach((view, i) => {
      const key = `${bandOf(view.hash, band, layout)} ${view.kind}`;
      const list = index.get(key);
      if (list) list.push(i);
      else index.set(key, [i]);
    });
    return index;
  });
}

/** The band search: every probed band value's views, then the exact distance. Sorted view numbers. */
function bandSearch(
  index: Map<string, number[]>[],
  views: readonly RegionHash[],
  probe: RegionHash,
  maxDistance: number,
  layout: BandLayout,
) {
  const candidates = new Set<number>();
  bandProbes(probe.hash, maxDistance, layout).forEach((values, band) => {
    for (const value of values) for (const i of index[band].get(`${value} ${probe.kind}`) ?? []) candidates.add(i);
  });
  return [...candidates].filter((i) => distance(views[i].hash, probe.hash) <= D).sort((a, b) => a - b);
}

/** Every view of the probe's kind compared with it (halves parsed once: 30,000 views × 600 probes). */
function fullScan(views: readonly RegionHash[], probe: RegionHash): number[] {
  let halves = parsedViews.get(views);
  if (!halves) {
    halves = new Uint32Array(views.flatMap((v) => [Number.parseInt(v.hash.slice(0, 8), 16), Number.parseInt(v.hash.slice(8), 16)]));
    parsedViews.set(views, halves);
  }
  const [high, low] = [Number.parseInt(probe.hash.slice(0, 8), 16), Number.parseInt(probe.hash.slice(8), 16)];
  const found: number[] = [];
  for (let i = 0; i < views.length; i++) {
    if (views[i].kind === probe.kind && popcount32(halves[2 * i] ^ high) + popcount32(halves[2 * i + 1] ^ low) <= D) found.push(i);
  }
  return found;
}
const parsedViews = new WeakMap<readonly RegionHash[], Uint32Array>();

describe('the region band layout', () => {
  it('is three bands of 21, 21 and 22 bits, radius 2 each at 8 bits: 232 + 232 + 254 = 718 values a view', () => {
    expect(REGION_BANDS.widths.reduce((a, b) => a + b)).toBe(64);
    expect(bandRadii(D, REGION_BANDS)).toEqual([2, 2, 2]);
    expect(bandProbes('0123456789abcdef', D, REGION_BANDS).map((values) => values.length)).toEqual([232, 232, 254]);
    expect(probesPerHash(D, REGION_BANDS)).toBe(718);
    // Migration 017's four 16-bit bands at the same distance: radii 2, 1, 1, 1.
    expect(probesPerHash(D, PHASH_BANDS)).toBe(137 + 17 * 3);
  });

  it('reads bits 63-43, 42-22 and 21-0, as the index expressions of migration 038 do', () => {
    expect([0, 1, 2].map((band) => bandShift(band, REGION_BANDS))).toEqual([43, 22, 0]);
    expect([0, 1, 2].map((band) => bandOf('0000080000400001', band, REGION_BANDS))).toEqual([1, 1, 1]);
    expect([0, 1, 2].map((band) => bandOf('ffffffffffffffff', band, REGION_BANDS))).toEqual([2097151, 2097151, 4194303]);
    expect([0, 1, 2].map((band) => bandOf('fffff80000000000', band, REGION_BANDS))).toEqual([2097151, 0, 0]);
    // The 16-bit layout is unchanged.
    expect([0, 1, 2, 3].map((band) => bandOf('0001000200030004', band))).toEqual([1, 2, 3, 4]);
  });

  it('reads every band as the 64-bit number shifted and masked would, for 2,000 random hashes in both layouts', () => {
    const next = seededRandom(64);
    for (let i = 0; i < 2_000; i++) {
      const hash = randomHex(next);
      for (const layout of [REGION_BANDS, PHASH_BANDS]) {
        const bands = layout.widths.map((_, band) => bandOf(hash, band, layout));
        const expected = layout.widths.map((width, band) =>
          Number((BigInt(`0x${hash}`) >> BigInt(bandShift(band, layout))) & ((1n << BigInt(width)) - 1n)),
        );
        expect(bands).toEqual(expected);
      }
    }
  });

  it('would miss a view 8 bits away with exact bands only (3 + 3 + 2 differing bits), and does not with radius 2', () => {
    const stored: RegionHash = { kind: 'f', hash: '0123456789abcdef' };
    const copy: RegionHash = { kind: 'f', hash: flipInBands(stored.hash, [3, 3, 2], seededRandom(1)) };
    expect(hammingDistance(stored.hash, copy.hash)).toBe(8);
    const index = bandIndex([stored], REGION_BANDS);
    // Radius 0 in every band is what exact matching of three bands probes (distance 2 → radii 0, 0, 0).
    expect(bandRadii(2, REGION_BANDS)).toEqual([0, 0, 0]);
    expect(bandSearch(index, [stored], copy, 2, REGION_BANDS)).toEqual([]);
    expect(bandSearch(index, [stored], copy, D, REGION_BANDS)).toEqual([0]);
  });

  it('finds exactly what a full scan finds among 30,000 random views and 600 planted copies 0 to 9 bits away', () => {
    // distance() agrees with the image module's.
    expect(distance('0123456789abcdef', 'fedcba9876543210')).toBe(hammingDistance('0123456789abcdef', 'fedcba9876543210'));
    const next = seededRandom(20261129);
    const kinds = ['f', 'f', 'f', 'c', 't'] as const;
    const views: RegionHash[] = Array.from({ length: 30_000 }, (_, i) => ({ kind: kinds[i % kinds.length], hash: randomHex(next) }));
    const spreads = WORST_SPREADS;
    const probes: RegionHash[] = [];
    const originals: number[] = [];
    for (let i = 0; i < 600; i++) {
      const original = Math.floor(next() * views.length);
      const random = randomSpread(Math.floor(next() * (D + 2)), next);
      originals.push(original);
      probes.push({
        kind: views[original].kind,
        hash: flipInBands(views[original].hash, i < 400 ? spreads[i % spreads.length] : random, next),
      });
    }
    const index = bandIndex(views, REGION_BANDS);
    const found = probes.map((probe) => bandSearch(index, views, probe, D, REGION_BANDS));
    expect(found).toEqual(probes.map((probe) => fullScan(views, probe)));
    // Each copy finds its original exactly when it is within the distance: 8 bits always, 9 never.
    const distances = probes.map((probe, i) => hammingDistance(views[originals[i]].hash, probe.hash));
    expect(found.map((f, i) => f.includes(originals[i]))).toEqual(distances.map((d) => d <= D));
    expect(distances.filter((d) => d === 8).length).toBe(304);
    expect(distances.filter((d) => d === 9).length).toBe(133);
  }, 60_000);

  it("finds every registered view a cropped copy's views are close to, exactly as a full scan does", async () => {
    const views: RegionHash[] = [];
    const probes: RegionHash[] = [];
    for (const seed of [5101, 5102, 5103, 5104]) {
      const image = await generateSeedImage(seededRandom(seed), { format: 'png' });
      views.push(...(await processImage(image)).regionHashes.registered);
      const { width = 0, height = 0 } = await sharp(image).metadata();
      for (const crop of [
        { left: 0, top: 0, width: Math.round(width * 0.95), height },
        {
          left: Math.round(width * 0.05),
          top: Math.round(height * 0.05),
          width: Math.round(width * 0.95),
          height: Math.round(height * 0.95),
        },
      ]) {
        const copy = await sharp(image).extract(crop).png().toBuffer();
        probes.push(...(await processImage(copy)).regionHashes.probes);
      }
    }
    const next = seededRandom(77);
    views.push(
      ...Array.from({ length: 5_000 }, (_, i): RegionHash => ({ kind: (['f', 'c', 't'] as const)[i % 3], hash: randomHex(next) })),
    );
    const index = bandIndex(views, REGION_BANDS);
    const found = probes.map((probe) => bandSearch(index, views, probe, D, REGION_BANDS));
    expect(found).toEqual(probes.map((probe) => fullScan(views, probe)));
    // Each cropped copy is found by at least one of its three views.
    const copies = Array.from({ length: probes.length / 3 }, (_, c) => found.slice(c * 3, c * 3 + 3).flat().length > 0);
    expect(copies).toEqual(Array(8).fill(true));
  }, 60_000);
});
