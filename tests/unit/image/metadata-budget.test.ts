// Metadata budgets: only the PNG text keywords the reader uses are inflated, each within its own
// budget and all within 1 MB per file; XMP, EXIF UserComment and ComfyUI graphs are capped too.
// The budgets are checked by the work they allow, not by the clock: zlib's output limit on every
// inflation (zlib stops there) and the nodes a graph walk visits; the XMP case, which has no such
// count to watch, against an ordinary file of the same size.
import { syncBuiltinESMExports } from 'node:module';
import zlib from 'node:zlib';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { comfyParameters, parseComfyGraph } from '../../../server/image/comfyui';
import { decodeUserComment } from '../../../server/image/embedded-tags';
import { MAX_COMFYUI_TEXT_BYTES, MAX_METADATA_TEXT_BYTES, MAX_METADATA_TOTAL_BYTES } from '../../../server/image/limits';
import { extractMetadata } from '../../../server/image/metadata';
import { readPngTexts } from '../../../server/image/png-text';
import { withoutPngTextChunks } from '../../../server/image/png-chunks';
import { pngChunk } from '../../fixtures/images';
import { FOUR_MB_OF_A_DEFLATED, MB, pngWith, tEXtChunk, zTXtBombPng, zTXtChunk } from '../../fixtures/hostile-images';

// Every inflation the PNG text reader runs, watched. The unit tests share their modules (no
// isolation), so the module cannot be mocked; Node's builtin exports are patched instead, and
// syncBuiltinESMExports makes the reader's `import { inflateSync }` see the watched function.
const inflateSync = vi.spyOn(zlib, 'inflateSync');
syncBuiltinESMExports();
afterAll(() => {
  inflateSync.mockRestore();
  syncBuiltinESMExports();
});
beforeEach(() => {
  inflateSync.mockClear();
});

/**
 * How many times longer the hostile file takes than an ordinary one of the same size, each timed
 * as the fastest of five runs taken in turns: load on the machine slows both alike, and the
 * fastest run is the least disturbed.
 */
async function slowdown(read: (png: Buffer) => Promise<unknown>, hostile: Buffer, ordinary: Buffer): Promise<number> {
  let fastestOrdinary = Infinity;
  let fastestHostile = Infinity;
  for (let run = 0; run < 5; run++) {
    let start = performance.now();
    await read(ordinary);
    fastestOrdinary = Math.min(fastestOrdinary, performance.now() - start);
    start = performance.now();
    await read(hostile);
    fastestHostile = Math.min(fastestHostile, performance.now() - start);
  }
  return fastestHostile / fastestOrdinary;
}

/** The output limit of each inflation so far: zlib produces at most that many bytes, then stops. */
const inflationLimits = () => inflateSync.mock.calls.map(([, options]) => options?.maxOutputLength);

describe('readPngTexts budgets', () => {
  it('never inflates zTXt chunks under keywords it does not read: of 64 × 4 MB of them none, only the `parameters` one', async () => {
    const junk = Array.from({ length: 64 }, (_, i) => zTXtChunk(`junk${i}`, FOUR_MB_OF_A_DEFLATED, { deflated: true }));
    const png = await pngWith([...junk, zTXtChunk('parameters', Buffer.from('a cat\nSteps: 20, Seed: 1, Model: m'))]);
    expect(readPngTexts(png)).toEqual([{ keyword: 'parameters', text: 'a cat\nSteps: 20, Seed: 1, Model: m' }]);
    expect(inflationLimits()).toEqual([MAX_METADATA_TEXT_BYTES]);
  });

  it('skips a text longer than 64 KB whole, compressed or not, and keeps the shorter ones', async () => {
    const png = await pngWith([
      zTXtChunk('Comment', Buffer.alloc(65 * 1024, 'c')),
      tEXtChunk('Description', 'd'.repeat(65 * 1024)),
      tEXtChunk('Software', 'NovelAI'),
    ]);
    expect(readPngTexts(png)).toEqual([{ keyword: 'Software', text: 'NovelAI' }]);
  });

  it('64 compressed `parameters` chunks of 4 MB each give nothing: each inflation stops at 64 KB, and none runs past 1 MB in all', async () => {
    const png = await pngWith(Array.from({ length: 64 }, () => zTXtChunk('parameters', FOUR_MB_OF_A_DEFLATED, { deflated: true })));
    expect(readPngTexts(png)).toEqual([]);
    // 1 MB / 64 KB: the 17th chunk finds the file's budget spent and is never inflated.
    expect(inflationLimits()).toEqual(Array.from({ length: 16 }, () => MAX_METADATA_TEXT_BYTES));
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
  it('reads 64 chunks of 4 MB each, half under read keywords, inflating 1 MB in all, and finds nothing', async () => {
    const png = await zTXtBombPng();
    expect(await extractMetadata(png, 'image/png')).toEqual({ found: [] });
    // Each read keyword's own budget in file order (ComfyUI's prompt and workflow 256 KB, the
    // others 64 KB) until the 1 MB for the file is spent; the junk keywords are never inflated.
    const [text, comfy] = [MAX_METADATA_TEXT_BYTES, MAX_COMFYUI_TEXT_BYTES];
    expect(inflationLimits()).toEqual([text, comfy, comfy, text, text, text, text, text, text, text]);
    expect(inflationLimits().reduce<number>((sum, limit) => sum + limit!, 0)).toBe(MAX_METADATA_TOTAL_BYTES);
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
  it('reads a PNG with a 1 MB XMP packet of unclosed tags without its XMP, within 20× the time of a 1 MB packet of closed tags', async () => {
    const xmpChunk = (packet: string) =>
      pngChunk('iTXt', Buffer.concat([Buffer.from('XML:com.adobe.xmp\0\0\0\0\0', 'latin1'), Buffer.from(packet)]));
    const hostile = await pngWith([xmpChunk('<a:b>'.repeat(200_000))]);
    const ordinary = await pngWith([xmpChunk('<a:b></a:b>'.repeat(100_000).slice(0, 1_000_000))]);
    expect(hostile.length).toBe(ordinary.length);
    expect(await extractMetadata(hostile, 'image/png')).toEqual({ found: [] });
    // Over its 64 KB budget, the packet is skipped whole: it never reaches the XMP parser, which
    // took seconds on such markup where closed tags of the same size take milliseconds.
    expect(readPngTexts(hostile)).toEqual([]);
    expect(await slowdown((png) => extractMetadata(png, 'image/png'), hostile, ordinary)).toBeLessThan(20);
  });

  it('keeps the first 64 K characters of a 1.5 MB EXIF UserComment', () => {
    const comment = Buffer.concat([Buffer.from('ASCII\0\0\0', 'latin1'), Buffer.alloc(1_500_000, 'a')]);
    expect(decodeUserComment(new Uint8Array(comment))).toBe('a'.repeat(65_536));
  });

  it('reads a ComfyUI graph whose node links to itself through every input visiting at most 200 nodes per input', () => {
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
    // Counts each time the walk looks a node up; without the step cap it would be 11^8 look-ups
    // per input, so past a few hundred the walk is stopped here rather than left to run for minutes.
    let lookups = 0;
    const watched = new Proxy(graph, {
      get(target, key, receiver) {
        if (key === '1' && ++lookups > 1_000) throw new Error('the walk passed 1,000 node look-ups');
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    expect(comfyParameters(watched)).toEqual({ prompt: undefined, negativePrompt: undefined, model: undefined, seed: undefined });
    // 200 per followed input (positive and negative), and a few for the seed and the sampler.
    expect(lookups).toBeLessThanOrEqual(2 * 200 + 10);
  });
});
