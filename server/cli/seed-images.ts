// Real, distinct images for demo works: a gradient and a dozen random shapes drawn from a small
// SVG at the target size (400-1600 px), encoded as JPEG, PNG or WebP. Every picture is new, so
// no two seeded works share a SHA-256 or a perceptual hash by accident (which the trust engine
// would rightly flag as copies). Some PNGs carry an Automatic1111 `parameters` text chunk, as
// files saved by that tool do.
//
// Cost, measured on a 2-core machine: 5-25 ms to draw and encode, plus 10-30 ms in the upload
// pipeline; small sizes are the most common, as in real uploads.
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { chance, pick, type Random } from './seed-content';

export type SeedFormat = 'jpeg' | 'png' | 'webp';

const ASPECTS = [1, 4 / 3, 3 / 2, 16 / 9, 2 / 3, 3 / 4, 9 / 16, 4 / 5];

/** Long side 400-1600 px, skewed toward the smaller sizes people usually upload. */
export function pickSize(random: Random): { width: number; height: number } {
  const long = Math.round(400 + 1200 * random() ** 2.5);
  const aspect = pick(random, ASPECTS);
  const short = Math.max(400, Math.round(long / Math.max(aspect, 1 / aspect)));
  return aspect >= 1 ? { width: long, height: short } : { width: short, height: long };
}

export function pickFormat(random: Random): SeedFormat {
  const r = random();
  return r < 0.45 ? 'jpeg' : r < 0.8 ? 'png' : 'webp';
}

function pictureSvg(random: Random, width: number, height: number): string {
  const colour = () => `hsl(${Math.floor(random() * 360)},${35 + Math.floor(random() * 55)}%,${20 + Math.floor(random() * 60)}%)`;
  const shapes: string[] = [];
  const count = 8 + Math.floor(random() * 8);
  for (let i = 0; i < count; i++) {
    const x = Math.round(random() * width);
    const y = Math.round(random() * height);
    const size = Math.round((0.05 + random() * 0.3) * Math.min(width, height));
    shapes.push(
      chance(random, 0.5)
        ? `<circle cx="${x}" cy="${y}" r="${size}" fill="${colour()}" fill-opacity="0.8"/>`
        : `<rect x="${x - size}" y="${y - size / 2}" width="${size * 2}" height="${size}" fill="${colour()}" transform="rotate(${Math.round(random() * 90)} ${x} ${y})"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">`
    + `<defs><linearGradient id="g" x1="0" y1="0" x2="${random().toFixed(2)}" y2="1"><stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/></linearGradient></defs>`
    + `<rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}</svg>`;
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
  const { width, height } = pickSize(random);
  const picture = sharp(Buffer.from(pictureSvg(random, width, height))).flatten({ background: '#ffffff' });
  if (options.format === 'jpeg') return picture.jpeg({ quality: 82 + Math.floor(random() * 12) }).toBuffer();
  if (options.format === 'webp') return picture.webp({ quality: 80, effort: 1 }).toBuffer();
  const png = await picture.png({ compressionLevel: 3 }).toBuffer();
  return options.parameters ? withTextChunk(png, 'parameters', options.parameters) : png;
}
