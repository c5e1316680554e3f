// Real, distinct images for demo works: a gradient and a dozen random shapes, drawn at half the
// target size (long side 400-1600 px) and enlarged to it, encoded as JPEG, PNG or WebP. Every
// picture is new, so no two share a SHA-256, and perceptual near-duplicates (which the trust
// engine would rightly flag as copies) are rare: over 4,000 pictures, about 1 pair in 4 million
// came within the registry's distance of 10, no more often than with full-size SVGs (chance
// alone: 1 in 40 million). Some PNGs carry an Automatic1111 `parameters` text chunk, as files
// saved by that tool do.
//
// Cost, measured on a 2-core machine (sharp's defaults, 3 pictures in flight, 1,000 pictures):
// 2.9 ms of CPU per picture to draw and encode (1.8 ms wall), plus 7.5 ms in the upload pipeline
// (10.5 ms CPU, 6.1 ms wall together). Drawing at half size, the size mix (mean 0.25
// megapixels) and the encoders' quickest settings make it 4.6 times cheaper than rendering an
// SVG at full size (13.4 ms, 22.3 ms with the pipeline).
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { chance, pick, type Random } from './seed-content';

export type SeedFormat = 'jpeg' | 'png' | 'webp';

const ASPECTS = [1, 4 / 3, 3 / 2, 16 / 9, 2 / 3, 3 / 4, 9 / 16, 4 / 5];

/**
 * The upload pipeline scales every picture to 360 px high, and enlarging costs it far more than
 * shrinking, so no side is shorter than this.
 */
const MIN_SHORT_SIDE = 360;

/**
 * Long side 400-1600 px, skewed toward the smaller sizes people usually upload: nine in ten
 * between 400 and 640, the rest up to 1600 and rarer the larger. Short side per a common aspect
 * ratio, at least 360 px.
 */
export function pickSize(random: Random): { width: number; height: number } {
  const long = chance(random, 0.9) ? Math.round(400 + 240 * random()) : Math.round(640 + 960 * random() ** 2);
  const aspect = pick(random, ASPECTS);
  const short = Math.max(MIN_SHORT_SIDE, Math.round(long / Math.max(aspect, 1 / aspect)));
  return aspect >= 1 ? { width: long, height: short } : { width: short, height: long };
}

export function pickFormat(random: Random): SeedFormat {
  const r = random();
  return r < 0.45 ? 'jpeg' : r < 0.8 ? 'png' : 'webp';
}

type Rgb = readonly [number, number, number];

/** h in degrees, s and l in 0-1; channels 0-255. */
function hslToRgb(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [channel(0), channel(8), channel(4)];
}

function randomColour(random: Random): Rgb {
  return hslToRgb(Math.floor(random() * 360), (35 + Math.floor(random() * 55)) / 100, (20 + Math.floor(random() * 60)) / 100);
}

/** Each picture is drawn at 1/DRAW_SCALE per side, then enlarged by repeating pixels. */
const DRAW_SCALE = 2;

interface Shape {
  circle: boolean;
  x: number;
  y: number;
  /** Radius, or half the length of a 2:1 rectangle. */
  size: number;
  cos: number;
  sin: number;
  colour: Rgb;
  opacity: number;
}

/**
 * The picture as 8-bit RGB, w x h: a gradient, then 8-15 shapes (translucent circles, rotated
 * rectangles) with anti-aliased edges. Plain loops: at this size it is cheaper than rendering
 * an SVG, whose fixed cost alone is about 1 ms.
 */
function drawPicture(random: Random, w: number, h: number): Uint8Array {
  const shapes: Shape[] = [];
  const count = 8 + Math.floor(random() * 8);
  for (let i = 0; i < count; i++) {
    const circle = chance(random, 0.5);
    const angle = circle ? 0 : random() * (Math.PI / 2);
    shapes.push({
      circle,
      x: random() * w,
      y: random() * h,
      size: (0.05 + random() * 0.3) * Math.min(w, h),
      cos: Math.cos(angle),
      sin: Math.sin(angle),
      colour: randomColour(random),
      opacity: circle ? 0.8 : 1,
    });
  }
  const tilt = random();
  const from = randomColour(random);
  const to = randomColour(random);

  // Every value written below lies between two colours, so within 0-255: adding 0.5 and letting
  // the store truncate rounds it (a quarter faster than a Uint8ClampedArray).
  const pixels = new Uint8Array(w * h * 3);

  // Gradient from the top-left corner, running down and (by `tilt`) to the right; t in 0-1.
  const tx = tilt / (tilt + 1) / w;
  const ty = 1 / (tilt + 1) / h;
  const [r0, g0, b0] = [from[0] + 0.5, from[1] + 0.5, from[2] + 0.5];
  const [dr, dg, db] = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
  let i = 0;
  for (let py = 0; py < h; py++) {
    let t = 0.5 * tx + (py + 0.5) * ty;
    for (let px = 0; px < w; px++, t += tx) {
      pixels[i++] = r0 + dr * t;
      pixels[i++] = g0 + dg * t;
      pixels[i++] = b0 + db * t;
    }
  }

  // Each shape over its bounding box. `inside` is roughly the distance to its edge in pixels
  // (negative outside), so pixels on the edge get partial cover.
  for (const { circle, x, y, size, cos, sin, colour, opacity } of shapes) {
    const [cr, cg, cb] = colour;
    const half = size / 2;
    const reachX = circle ? size : Math.abs(cos) * size + Math.abs(sin) * half;
    const reachY = circle ? size : Math.abs(sin) * size + Math.abs(cos) * half;
    const left = Math.max(0, Math.floor(x - reachX - 1));
    const right = Math.min(w, Math.ceil(x + reachX + 1));
    const top = Math.max(0, Math.floor(y - reachY - 1));
    const bottom = Math.min(h, Math.ceil(y + reachY + 1));
    for (let py = top; py < bottom; py++) {
      const dy = py + 0.5 - y;
      for (let px = left, j = (py * w + left) * 3; px < right; px++, j += 3) {
        const dx = px + 0.5 - x;
        const inside = circle
          ? size - Math.sqrt(dx * dx + dy * dy)
          : Math.min(size - Math.abs(dx * cos + dy * sin), half - Math.abs(dy * cos - dx * sin));
        if (inside <= -0.5) continue;
        const cover = inside >= 0.5 ? opacity : opacity * (inside + 0.5);
        const r = pixels[j];
        const g = pixels[j + 1];
        const b = pixels[j + 2];
        pixels[j] = r + (cr - r) * cover + 0.5;
        pixels[j + 1] = g + (cg - g) * cover + 0.5;
        pixels[j + 2] = b + (cb - b) * cover + 0.5;
      }
    }
  }
  return pixels;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** Automatic1111's text: prompt, then the settings line. Latin-1 only, as tEXt requires. */
export function a1111Parameters(prompt: string, random: Random): string {
  const seed = Math.floor(random() * 4_294_967_295);
  const safePrompt = prompt.normalize('NFKD').replace(/[^\x20-\x7e]/g, '');
  return `${safePrompt}\nNegative prompt: blurry, low quality\nSteps: ${20 + Math.floor(random() * 20)}, Sampler: DPM++ 2M Karras, CFG scale: 7, Seed: ${seed}, Model: sd_xl_base_1.0, Version: v1.9.4`;
}

/** A tEXt chunk right after IHDR, where PIL (and so A1111) writes it. */
function withTextChunk(png: Buffer, keyword: string, text: string): Buffer {
  const afterIhdr = 8 + 25;
  const chunk = pngChunk('tEXt', Buffer.from(`${keyword}\0${text}`, 'latin1'));
  return Buffer.concat([png.subarray(0, afterIhdr), chunk, png.subarray(afterIhdr)]);
}

export interface SeedImageOptions {
  format: SeedFormat;
  /** For PNGs: the generation parameters to embed. */
  parameters?: string;
}

export async function generateSeedImage(random: Random, options: SeedImageOptions): Promise<Buffer> {
  // Every random draw happens before the first await, so a seed always gives the same picture.
  const { width, height } = pickSize(random);
  const quality = 82 + Math.floor(random() * 12);
  const w = Math.ceil(width / DRAW_SCALE);
  const h = Math.ceil(height / DRAW_SCALE);
  const picture = sharp(drawPicture(random, w, h), { raw: { width: w, height: h, channels: 3 } })
    // An exact whole-number enlargement with 'nearest' is a plain pixel copy (fast); other
    // kernels or factors interpolate and cost 3-5 times as much.
    .resize(w * DRAW_SCALE, h * DRAW_SCALE, { kernel: 'nearest' })
    .extract({ left: 0, top: 0, width, height });
  // The quickest settings of each encoder: the files are demo data, not archives.
  if (options.format === 'jpeg') return picture.jpeg({ quality, optimiseCoding: false }).toBuffer();
  if (options.format === 'webp') return picture.webp({ quality: 80, effort: 0 }).toBuffer();
  const png = await picture.png({ compressionLevel: 2, adaptiveFiltering: false }).toBuffer();
  return options.parameters ? withTextChunk(png, 'parameters', options.parameters) : png;
}
