// Metadata budgets: only the PNG text keywords the reader uses are inflated, each within its own
// budget and all within 1 MB per file; XMP, EXIF UserComment and ComfyUI graphs are capped too.
// The time bounds are ten times what the capped work needs, and far below the uncapped work.
import { describe, expect, it } from 'vitest';
import { comfyParameters, parseComfyGraph } from '../../../server/image/comfyui';
import { decodeUserComment } from '../../../server/image/embedded-tags';
import { extractMetadata } from '../../../server/image/metadata';
import { readPngTexts } from '../../../server/image/png-text';
import { withoutPngTextChunks } from '../../../server/image/png-chunks';
import { pngChunk } from '../../fixtures/images';
import { FOUR_MB_OF_A_DEFLATED, MB, pngWith, tEXtChunk, zTXtBombPng, zTXtChunk } from '../../fixtures/hostile-images';

async function timed<T>(run: () => T | Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await run();
  return { result, ms: performance.now() - start };
}

describe('readPngTexts budgets', () => {
  it('never inflates zTXt chunks under keywords it does not read: 64 × 4 MB of them take under 200 ms', async () => {
    const junk = Array.from({ length: 64 }, (_, i) => zTXtChunk(`junk${i}`, FOUR_MB_OF_A_DEFLATED, { deflated: true }));
    const png = await pngWith([...junk, tEXtChunk('parameters', 'a cat\nSteps: 20, Seed: 1, Model: m')]);
    const { result, ms } = await timed(() => readPngTexts(png));
    expect(result).toEqual([{ keyword: 'parameters', text: 'a cat\nSteps: 20, Seed: 1, Model: m' }]);
    expect(ms).toBeLessThan(200);
  });

  it('skips a text longer than 64 KB whole, compressed or not, and keeps the shorter ones', async () => {
    const png = await pngWith([
      zTXtChunk('Comment', Buffer.alloc(65 * 1024, 'c')),
      tEXtChunk('Description', 'd'.repeat(65 * 1024)),
      tEXtChunk('Software', 'NovelAI'),
    ]);
    expect(readPngTexts(png)).toEqual([{ keyword: 'Software', text: 'NovelAI' }]);
  });

  it('reads one text per keyword: 64 compressed `parameters` chunks of 4 MB each give nothing and take under 200 ms', async () => {
    const png = await pngWith(Array.from({ length: 64 }, () => zTXtChunk('parameters', FOUR_MB_OF_A_DEFLATED, { deflated: true })));
    const { result, ms } = await timed(() => readPngTexts(png));
    expect(result).toEqual([]);
    expect(ms).toBeLessThan(200);
  });

  it('reads at most 1 MB of text from one file: of 12 read keywords worth 1.1 MB, the last one is left out', async () => {
    const keywords = [
      'parameters',
      'invokeai_metadata',
      'sd-metadata',
      'Software',
      'Comment',
      'Description',
      'Source',
      'Author',
      'Creation Time',
      'XML:com.adobe.xmp',
    ];
    const png = await pngWith([
      zTXtChunk('prompt', Buffer.alloc(250 * 1024, 'p')),
      zTXtChunk('workflow', Buffer.alloc(250 * 1024, 'w')),
      ...keywords.map((keyword) => zTXtChunk(keyword, Buffer.alloc(60 * 1024, 'x'))),
    ]);
    const texts = readPngTexts(png);
    const total = texts.reduce((sum, { text }) => sum + text.length, 0);
    expect(total).toBeLessThanOrEqual(MB);
    expect(texts.map(({ keyword }) => keyword)).toEqual(['prompt', 'workflow', ...keywords.slice(0, 8)]);
  });
});

describe('extractMetadata on the zTXt bomb', () => {
  it('reads 64 chunks of 4 MB each, half under read keywords, in under a second and finds nothing', async () => {
    const png = await zTXtBombPng();
    const { result, ms } = await timed(() => extractMetadata(png, 'image/png'));
    expect(result).toEqual({ found: [] });
    expect(ms).toBeLessThan(1000);
  });
});

describe('withoutPngTextChunks', () => {
  it('removes every text chunk and leaves the rest of the PNG byte for byte', async () => {
    const plain = await pngWith([]);
    const withTexts = await pngWith([
      tEXtChunk('parameters', 'x'),
      zTXtChunk('junk', FOUR_MB_OF_A_DEFLATED, { deflated: true }),
      pngChunk('iTXt', Buffer.from('k\0\0\0\0\0text')),
    ]);
    const stripped = withoutPngTextChunks(withTexts);
    expect(stripped.equals(plain)).toBe(true);
    expect(readPngTexts(stripped)).toEqual([]);
  });
});

describe('extractMetadata on hostile metadata', () => {
  it('reads a PNG with a 1 MB XMP packet of unclosed tags in under a second, without its XMP', async () => {
    const xmp = pngChunk(
      'iTXt',
      Buffer.concat([Buffer.from('XML:com.adobe.xmp\0\0\0\0\0', 'latin1'), Buffer.from('<a:b>'.repeat(200_000))]),
    );
    const png = await pngWith([xmp]);
    const { result, ms } = await timed(() => extractMetadata(png, 'image/png'));
    expect(result).toEqual({ found: [] });
    expect(ms).toBeLessThan(1000);
  });

  it('keeps the first 64 K characters of a 1.5 MB EXIF UserComment', () => {
    const comment = Buffer.concat([Buffer.from('ASCII\0\0\0', 'latin1'), Buffer.alloc(1_500_000, 'a')]);
    expect(decodeUserComment(new Uint8Array(comment))).toBe('a'.repeat(65_536));
  });

  it('reads a ComfyUI graph whose node links to itself through every input in under 100 ms', () => {
    const self = ['1', 0];
    const inputs = Object.fromEntries(
      [
        'text',
        'text_g',
        'text_l',
        'string',
        'value',
        'prompt',
        'conditioning',
        'conditioning_1',
        'conditioning_to',
        'positive',
        'negative',
      ].map((key) => [key, self]),
    );
    const graph = parseComfyGraph(JSON.stringify({ '1': { class_type: 'Loop', inputs } }))!;
    const start = performance.now();
    expect(comfyParameters(graph)).toEqual({ prompt: undefined, negativePrompt: undefined, model: undefined, seed: undefined });
    expect(performance.now() - start).toBeLessThan(100);
  });
});
