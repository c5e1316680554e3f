// Reads the text chunks of a PNG (tEXt, zTXt, iTXt). AI tools store their generation settings
// there (Automatic1111 `parameters`, ComfyUI `prompt`/`workflow`, NovelAI `Comment`, ...);
// exifr reads only uncompressed tEXt, so this small walker covers all three kinds.
// Only the keywords asked for are read, each within its byte budget, and all of them within a
// budget for the file: a compressed chunk is never inflated past what may still be read, so a
// few KB of deflated text cannot become gigabytes in memory.
import { inflateSync } from 'node:zlib';
import { pngChunks } from './png-chunks';
import { PNG_TEXT_BUDGET, type PngTextBudget } from './png-text-budget';

export interface PngText {
  keyword: string;
  text: string;
}

/** PNG keywords are 1-79 bytes; looking further for their NUL would only cost time. */
const MAX_KEYWORD_BYTES = 79;

/** The keyword, and where the rest of the chunk starts; null when the chunk has no valid keyword. */
function keywordOf(data: Buffer): { keyword: string; rest: number } | null {
  const nul = data.subarray(0, MAX_KEYWORD_BYTES + 1).indexOf(0);
  return nul <= 0 ? null : { keyword: data.toString('latin1', 0, nul), rest: nul + 1 };
}

interface TextBody {
  /** The text's bytes as stored: deflated or not. */
  body: Buffer;
  compressed: boolean;
  encoding: 'latin1' | 'utf8';
}

/** tEXt: keyword NUL text (Latin-1). */
function tEXtBody(data: Buffer, rest: number): TextBody {
  return { body: data.subarray(rest), compressed: false, encoding: 'latin1' };
}

/** zTXt: keyword NUL method(0) deflate(text, Latin-1). */
function zTXtBody(data: Buffer, rest: number): TextBody | null {
  if (data[rest] !== 0) return null;
  return { body: data.subarray(rest + 1), compressed: true, encoding: 'latin1' };
}

/** iTXt: keyword NUL flag method language NUL translated-keyword NUL text (UTF-8, maybe deflated). */
function iTXtBody(data: Buffer, rest: number): TextBody | null {
  const compressed = data[rest] === 1;
  const languageEnd = data.indexOf(0, rest + 2);
  if (languageEnd < 0) return null;
  const translatedEnd = data.indexOf(0, languageEnd + 1);
  if (translatedEnd < 0) return null;
  return { body: data.subarray(translatedEnd + 1), compressed, encoding: 'utf8' };
}

const BODY_READERS: Record<string, (data: Buffer, rest: number) => TextBody | null> = {
  tEXt: tEXtBody,
  zTXt: zTXtBody,
  iTXt: iTXtBody,
};

/** The inflated text, or null when it is corrupt or would pass `limit` bytes (zlib stops there). */
function inflateWithin(body: Buffer, limit: number): Buffer | null {
  try {
    return inflateSync(body, { maxOutputLength: limit });
  } catch {
    return null;
  }
}

/**
 * The asked-for texts of a PNG, in file order, the first readable one of each keyword only.
 * A text over its budget is skipped whole (a cut JSON or settings line would mislead), and
 * malformed chunks are skipped, never thrown.
 */
export function readPngTexts(png: Buffer, budget: PngTextBudget = PNG_TEXT_BUDGET): PngText[] {
  const texts: PngText[] = [];
  const read = new Set<string>();
  let remaining = budget.totalBytes;
  for (const { type, data } of pngChunks(png)) {
    if (remaining <= 0) break;
    const readBody = BODY_READERS[type];
    if (!readBody) continue;
    const named = keywordOf(data);
    const limit = named && Math.min(budget.keywords.get(named.keyword) ?? 0, remaining);
    if (!named || !limit || read.has(named.keyword)) continue;
    const found = readBody(data, named.rest);
    if (!found) continue;
    let bytes: Buffer | null = found.body;
    if (found.compressed) {
      bytes = inflateWithin(found.body, limit);
      // Whatever zlib produced counts, even when it gave up: at most `limit` bytes.
      remaining -= bytes ? bytes.length : limit;
    } else if (bytes.length > limit) {
      continue;
    } else {
      remaining -= bytes.length;
    }
    if (!bytes) continue;
    read.add(named.keyword);
    texts.push({ keyword: named.keyword, text: bytes.toString(found.encoding) });
  }
  return texts;
}
