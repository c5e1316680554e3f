// Recall of the crop-tolerant lookup, measured the way a provenance tool meets it: 200 pictures
// registered through the HTTP API, five copies of each made the way platforms change images
// (half size, JPEG quality 70, a 5 % crop, a small turn, a screenshot frame), and every copy
// sent to the C2PA Soft Binding API's byContent. The original must be among the matches for at
// least 95 % of the copies of each kind, and pictures never registered must match nothing.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../server/cli/seed-content';
import { generateSeedImage, type SeedFormat } from '../../../server/cli/seed-images';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { registerWork } from './proof-kit';
import { byContentMatches } from './region-kit';

const PICTURES = 200;
const UNREGISTERED = 50;
const FORMATS: SeedFormat[] = ['png', 'jpeg', 'webp'];

type Variant = 'half size' | 'JPEG quality 70' | '5 % crop' | 'small turn' | 'screenshot frame';

/** Copy number `i` of each kind; crops and turns vary in where and which way, as real ones do. */
async function makeVariant(original: Buffer, kind: Variant, i: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(original).metadata();
  switch (kind) {
    case 'half size':
      return sharp(original)
        .resize(Math.round(width / 2))
        .png()
        .toBuffer();
    case 'JPEG quality 70':
      return sharp(original).jpeg({ quality: 70 }).toBuffer();
    case '5 % crop': {
      // 5 % of each side's length taken off: from one corner, both ends, or one edge only.
      const w = Math.round(width * 0.95);
      const h = Math.round(height * 0.95);
      const [left, top, keepW, keepH] = [
        [0, 0, w, h],
        [width - w, height - h, w, h],
        [Math.round((width - w) / 2), Math.round((height - h) / 2), w, h],
        [0, 0, w, height],
        [0, height - h, width, h],
      ][i % 5];
      return sharp(original).extract({ left, top, width: keepW, height: keepH }).png().toBuffer();
    }
    case 'small turn': {
      const degrees = [3, -3, 2, -2][i % 4];
      const background = i % 2 === 0 ? '#ffffff' : '#000000';
      return sharp(original).rotate(degrees, { background }).jpeg({ quality: 85 }).toBuffer();
    }
    case 'screenshot frame': {
      // A dark window frame with a thicker title bar, saved as PNG as screenshots are.
      const edge = Math.max(4, Math.round(width * 0.03));
      return sharp(original)
        .extend({ top: edge * 4, bottom: edge, left: edge, right: edge, background: i % 2 ? '#202124' : '#f1f3f4' })
        .png()
        .toBuffer();
    }
  }
}

const VARIANTS: Variant[] = ['half size', 'JPEG quality 70', '5 % crop', 'small turn', 'screenshot frame'];

let t: TestApp;
const originals: Buffer[] = [];
const registryIds: string[] = [];

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) return;
  t = await createTestApp();
  for (let i = 0; i < PICTURES; i++) {
    const image = await generateSeedImage(seededRandom(91_000 + i), { format: FORMATS[i % FORMATS.length] });
    const { created } = await registerWork(t.app, { title: `Recall ${i}`, artist_name: `Recall Artist ${i % 17}` }, image);
    originals.push(image);
    registryIds.push(created.registry_id);
  }
}, 300_000);
afterAll(async () => {
  await t?.close();
});

// Recall is a property of the fingerprint, not of the database: this minute-long measurement runs
// in the embedded-database pass only. region-hashes-storage.test.ts runs the same lookup SQL on
// PostgreSQL too.
describe.skipIf(process.env.TEST_DATABASE_URL)('crop-tolerant lookup through the C2PA soft-binding API', () => {
  it.each(VARIANTS)(
    'finds the original of at least 190 of 200 copies made by: %s',
    async (kind) => {
      const missed: string[] = [];
      for (let i = 0; i < PICTURES; i++) {
        const matches = await byContentMatches(t, await makeVariant(originals[i], kind, i), 50);
        if (!matches.includes(registryIds[i])) missed.push(registryIds[i]);
      }
      const recall = (PICTURES - missed.length) / PICTURES;
      expect(recall, `missed: ${missed.join(', ')}`).toBeGreaterThanOrEqual(0.95);
    },
    300_000,
  );

  it('matches none of 50 pictures that were never registered', async () => {
    const falseMatches: string[] = [];
    for (let i = 0; i < UNREGISTERED; i++) {
      const stranger = await generateSeedImage(seededRandom(97_000 + i), { format: 'png' });
      falseMatches.push(...(await byContentMatches(t, stranger, 50)));
    }
    expect(falseMatches).toEqual([]);
  }, 300_000);
});
