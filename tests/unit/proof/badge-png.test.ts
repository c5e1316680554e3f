// The PNG badge as sharp (librsvg) rasterises it: the rounded border and the accent stripe must lie
// wholly inside the canvas and follow the rounded corners (issue 17: they were cut at the corners).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BADGE_SIZES, type BadgeSize } from '../../../core/constants';
import { trustStatus } from '../../../core/status';
import { badgePng } from '../../../server/proof/badge-png';

const WORK = {
  kind: 'work',
  id: '0b6f3c1e-1d2a-4c4e-9d61-3f0f5d2a9b11',
  registryId: 'VW-2025-000042',
  title: 'Neon Tide',
  artistName: 'Ada Example',
  score: 34,
  proofUrl: 'https://ledger.test/verify/0b6f3c1e-1d2a-4c4e-9d61-3f0f5d2a9b11',
} as const;

type Rgba = [number, number, number, number];
const TRANSPARENT: Rgba = [0, 0, 0, 0];

function rgba(hex: string): Rgba {
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).concat(255) as Rgba;
}

async function pixels(size: BadgeSize): Promise<{ at: (x: number, y: number) => Rgba; width: number; height: number }> {
  const { data, info } = await sharp(await badgePng(WORK, size))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at: (x, y) => {
      const i = (y * info.width + x) * 4;
      return [data[i], data[i + 1], data[i + 2], data[i + 3]];
    },
  };
}

// 'Incomplete' red, the colour of the border and stripe of a work scoring 34.
const ACCENT = rgba(trustStatus(WORK.score).hex);

describe('badge PNG border and accent stripe', () => {
  it.each(['large', 'small'] as const)(
    'leaves the outermost pixel ring of the %s badge transparent, so no border is cut off',
    async (size) => {
      const png = await pixels(size);
      expect([png.width, png.height]).toEqual([BADGE_SIZES[size].width, BADGE_SIZES[size].height]);
      const ring: Rgba[] = [];
      for (let x = 0; x < png.width; x++) ring.push(png.at(x, 0), png.at(x, png.height - 1));
      for (let y = 0; y < png.height; y++) ring.push(png.at(0, y), png.at(png.width - 1, y));
      expect(ring.filter((p) => p[3] !== 0)).toEqual([]);
    },
  );

  it('draws the full border width along the edges and along every rounded corner of the large badge', async () => {
    const png = await pixels('large');
    // Straight edges: the 4 px stroke covers pixels 2-5 from each edge.
    for (const d of [2, 3, 4, 5]) {
      expect(png.at(400, d), `top, ${d} px in`).toEqual(ACCENT);
      expect(png.at(400, 299 - d), `bottom, ${d} px in`).toEqual(ACCENT);
      expect(png.at(799 - d, 150), `right, ${d} px in`).toEqual(ACCENT);
    }
    // Corners: the middle of each 20 px arc (45°) lies on the stroke.
    expect(png.at(9, 9), 'top-left arc').toEqual(ACCENT);
    expect(png.at(790, 9), 'top-right arc').toEqual(ACCENT);
    expect(png.at(9, 290), 'bottom-left arc').toEqual(ACCENT);
    expect(png.at(790, 290), 'bottom-right arc').toEqual(ACCENT);
  });

  it('keeps the accent stripe inside the rounded corners: the corner tips outside the arc stay transparent', async () => {
    const png = await pixels('large');
    // The stripe used to have its own tighter rounding and stuck out of the border here.
    for (const [x, y] of [
      [5, 5],
      [5, 294],
      [794, 5],
      [794, 294],
    ] as const) {
      expect(png.at(x, y), `(${x}, ${y})`).toEqual(TRANSPARENT);
    }
    // Between the corners the stripe fills the left edge inside the border.
    for (const x of [6, 12, 20]) expect(png.at(x, 150), `stripe at x=${x}`).toEqual(ACCENT);
    expect(png.at(40, 150), 'white card right of the stripe').toEqual([255, 255, 255, 255]);
  });
});
