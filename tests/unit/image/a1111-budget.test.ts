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

function millisecondsFor(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

describe('parseA1111 on hostile text', () => {
  it.each([
    ['150 KB', 150_000],
    ['1.5 MB', 1_500_000],
  ])("reads a %s run of 'a' in under 200 ms and keeps only its first 64 K characters", (_label, length) => {
    let result: ReturnType<typeof parseA1111> | undefined;
    const elapsed = millisecondsFor(() => {
      result = parseA1111('a'.repeat(length));
    });
    expect(result).toEqual({ prompt: 'a'.repeat(65_536), negativePrompt: undefined, settings: {} });
    expect(elapsed).toBeLessThan(200);
  });

  it('reads a 1.5 MB settings line of unclosed quoted values in under 200 ms', () => {
    const line = `Steps: 20, ${'Key: "x, '.repeat(150_000)}`;
    expect(millisecondsFor(() => readA1111Settings(line))).toBeLessThan(200);
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
