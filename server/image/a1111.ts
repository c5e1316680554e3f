// Parser for the "infotext" Automatic1111 (and Forge, SD.Next, Fooocus in A1111 mode) writes
// into a PNG `parameters` text or a JPEG/WebP EXIF UserComment:
//   <prompt, maybe several lines>
//   Negative prompt: <negative prompt, maybe several lines>
//   Steps: 20, Sampler: Euler a, CFG scale: 7, Seed: 42, Size: 512x512, Model: sd15, ...

import { readA1111Settings } from './a1111-settings';
import { MAX_METADATA_TEXT_BYTES } from './limits';

const NEGATIVE_PREFIX = 'Negative prompt:';

export interface A1111Parameters {
  prompt?: string;
  negativePrompt?: string;
  settings: Record<string, string>;
}

/** True when `text` has an A1111 settings line (it always starts with "Steps:"). */
export function looksLikeA1111(text: string): boolean {
  return /(^|\n)Steps: \d+/.test(text);
}

/** Reads at most the first 64 K characters: a real infotext is a few KB, and so is every part of the result. */
export function parseA1111(text: string): A1111Parameters {
  const capped = text.length > MAX_METADATA_TEXT_BYTES ? text.slice(0, MAX_METADATA_TEXT_BYTES) : text;
  const lines = capped.trim().split(/\r?\n/);
  const last = lines[lines.length - 1] ?? '';
  // The settings line has several `Key: value` pairs; a prompt line rarely has three.
  const settings = readA1111Settings(last);
  const hasSettings = Object.keys(settings).length >= 3;
  if (hasSettings) lines.pop();

  const prompt: string[] = [];
  const negative: string[] = [];
  let inNegative = false;
  for (const line of lines) {
    if (!inNegative && line.startsWith(NEGATIVE_PREFIX)) {
      inNegative = true;
      negative.push(line.slice(NEGATIVE_PREFIX.length).trim());
    } else {
      (inNegative ? negative : prompt).push(line);
    }
  }
  const joined = (parts: string[]) => parts.join('\n').trim() || undefined;
  return { prompt: joined(prompt), negativePrompt: joined(negative), settings: hasSettings ? settings : {} };
}
