// Reads the text chunks of a PNG (tEXt, zTXt, iTXt). AI tools store their generation settings
// there (Automatic1111 `parameters`, ComfyUI `prompt`/`workflow`, NovelAI `Comment`, ...);
// exifr reads only uncompressed tEXt, so this small walker covers all three kinds.
import { inflateSync } from 'node:zlib';

export interface PngText {
  keyword: string;
  text: string;
}

const SIGNATURE_LENGTH = 8;
/** A single text may inflate to at most this many bytes: a ComfyUI workflow is well below it. */
const MAX_INFLATED_BYTES = 4 * 1024 * 1024;
/** Stop after this many texts, so a file made of thousands of tiny chunks costs little. */
const MAX_TEXTS = 64;

function inflateLimited(data: Buffer): Buffer | null {
  try {
    return inflateSync(data, { maxOutputLength: MAX_INFLATED_BYTES });
  } catch {
    return null; // corrupt or a compression bomb: skip this text, keep the others
  }
}

/** tEXt: keyword NUL text (Latin-1). */
function readTEXt(data: Buffer): PngText | null {
  const nul = data.indexOf(0);
  if (nul <= 0) return null;
  return { keyword: data.toString('latin1', 0, nul), text: data.toString('latin1', nul + 1) };
}

/** zTXt: keyword NUL method(0) deflate(text, Latin-1). */
function readZTXt(data: Buffer): PngText | null {
  const nul = data.indexOf(0);
  if (nul <= 0 || data[nul + 1] !== 0) return null;
  const inflated = inflateLimited(data.subarray(nul + 2));
  return inflated && { keyword: data.toString('latin1', 0, nul), text: inflated.toString('latin1') };
}

/** iTXt: keyword NUL flag method language NUL translated-keyword NUL text (UTF-8, maybe deflated). */
function readITXt(data: Buffer): PngText | null {
  const nul = data.indexOf(0);
  if (nul <= 0) return null;
  const compressed = data[nul + 1] === 1;
  const languageEnd = data.indexOf(0, nul + 3);
  if (languageEnd < 0) return null;
  const translatedEnd = data.indexOf(0, languageEnd + 1);
  if (translatedEnd < 0) return null;
  const body = data.subarray(translatedEnd + 1);
  const text = compressed ? inflateLimited(body) : body;
  return text && { keyword: data.toString('latin1', 0, nul), text: text.toString('utf8') };
}

const READERS: Record<string, (data: Buffer) => PngText | null> = { tEXt: readTEXt, zTXt: readZTXt, iTXt: readITXt };

/** All readable text chunks of a PNG, in file order. Malformed chunks are skipped, never thrown. */
export function readPngTexts(png: Buffer): PngText[] {
  const texts: PngText[] = [];
  let offset = SIGNATURE_LENGTH;
  // Each chunk: 4-byte length, 4-byte type, data, 4-byte CRC. Texts may sit after the image data.
  while (offset + 12 <= png.length && texts.length < MAX_TEXTS) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const dataStart = offset + 8;
    if (dataStart + length + 4 > png.length) break; // truncated file
    const reader = READERS[type];
    if (reader) {
      const text = reader(png.subarray(dataStart, dataStart + length));
      if (text) texts.push(text);
    }
    if (type === 'IEND') break;
    offset = dataStart + length + 4;
  }
  return texts;
}
