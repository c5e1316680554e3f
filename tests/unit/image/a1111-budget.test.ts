// The Automatic1111 settings parser on hostile text: linear time, capped output, and exactly the
// results of the regular expression it replaced (A1111's own) on ordinary and odd lines.
import { describe, expect, it } from 'vitest';
import { parseA1111 } from '../../../server/image/a1111';
import { readA1111Settings } from '../../../server/image/a1111-settings';
import { seededRandom } from '../../../server/cli/seed-content';

// The pattern A1111 uses for its settings line, as this parser used it before (quadratic).
const FORMER_PATTERN = /\s*(\w[\w \-/]+):\s*("(?:\\.|[^\\"])+"|[^,]*)(?:,|$)/g;
function formerSettings(line: string): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const [, key, value] of line.matchAll(FORMER_PATTERN)) settings[key.trim()] = value.trim().replace(/^"(.*)"$/s, '$1');
  return settings;
}

/**
 * How many times longer the hostile text takes than an ordinary text of the same length, each
 * timed as the fastest of five runs taken in turns: whatever else the machine is doing slows
 * both alike, and the fastest run is the one least disturbed. A linear parser stays near 1; the
 * former quadratic pattern took hundreds of times longer on these texts.
 */
function slowdown(parse: (text: string) => unknown, hostile: string, ordinary: string): number {
  let fastestOrdinary = Infinity;
  let fastestHostile = Infinity;
  for (let run = 0; run < 5; run++) {
    let start = performance.now();
    parse(ordinary);
    fastestOrdinary = Math.min(fastestOrdinary, performance.now() - start);
    start = performance.now();
    parse(hostile);
    fastestHostile = Math.min(fastestHostile, performance.now() - start);
  }
  return fastestHostile / fastestOrdinary;
}

/** An ordinary prompt of exactly `length` characters. */
const ordinaryPrompt = (length: number) => 'a lighthouse at dusk, oil on canvas, '.repeat(Math.ceil(length / 37)).slice(0, length);

describe('parseA1111 on hostile text', () => {
  it.each([
    ['150 KB', 150_000],
    ['1.5 MB', 1_500_000],
  ])(
    "reads a %s run of 'a' within 20× the time of an ordinary prompt that long and keeps only its first 64 K characters",
    (_label, length) => {
      const run = 'a'.repeat(length);
      expect(parseA1111(run)).toEqual({ prompt: 'a'.repeat(65_536), negativePrompt: undefined, settings: {} });
      const ordinary = ordinaryPrompt(length);
      expect(slowdown(parseA1111, run, ordinary)).toBeLessThan(20);
    },
  );

  it('reads a 1.35 MB settings line of unclosed quoted values within 20× the time of an ordinary line that long', () => {
    const hostile = `Steps: 20, ${'Key: "x, '.repeat(150_000)}`;
    const ordinary = `Steps: 20, ${'Key: 12, '.repeat(150_000)}`;
    expect(readA1111Settings(hostile)).toEqual({ Steps: '20', Key: '"x' });
    expect(readA1111Settings(ordinary)).toEqual({ Steps: '20', Key: '12' });
    expect(slowdown(readA1111Settings, hostile, ordinary)).toBeLessThan(20);
  });

  it('still reads a real infotext: prompt, negative prompt and every setting, quoted ones unquoted', () => {
    const text =
      'a lighthouse\nNegative prompt: blurry\nSteps: 30, Sampler: DPM++ 2M Karras, Seed: 3141592, Lora hashes: "detail: 1a2b, style: 3c4d", Model: sdxl';
    expect(parseA1111(text)).toEqual({
      prompt: 'a lighthouse',
      negativePrompt: 'blurry',
      settings: {
        Steps: '30',
        Sampler: 'DPM++ 2M Karras',
        Seed: '3141592',
        'Lora hashes': 'detail: 1a2b, style: 3c4d',
        Model: 'sdxl',
      },
    });
  });
});

describe('readA1111Settings', () => {
  it('finds the same settings as the former regular expression on 20,000 random lines of keys, quotes, escapes and commas', () => {
    const pieces = [
      'a',
      'B',
      '7',
      '_',
      ' ',
      '-',
      '/',
      ':',
      ': ',
      ',',
      ', ',
      '"',
      '\\',
      '\n',
      '\r',
      '\t',
      '\u00a0',
      '\u2028',
      'é',
      'Steps',
      'Seed: 5',
    ];
    const random = seededRandom(20_240_611);
    const differences: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const line = Array.from({ length: Math.floor(random() * 24) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      const expected = JSON.stringify(Object.entries(formerSettings(line)));
      if (JSON.stringify(Object.entries(readA1111Settings(line))) !== expected) differences.push(JSON.stringify(line));
    }
    expect(differences).toEqual([]);
  });
});
