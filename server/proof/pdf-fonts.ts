// Unicode text in the PDF report: embedded, subset fonts chosen per run of text. Noto Sans covers
// Latin, Greek and Cyrillic; Noto Sans JP covers Japanese and the common Chinese characters
// (kanji); Noto Emoji draws emoji in black and white (no colour font in PDF text). A character no
// font has is written as its code point, e.g. [U+AC00], rather than dropped. pdfkit writes a
// ToUnicode map for embedded fonts, so copied or extracted text is the original text.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;
export type TextStyle = 'regular' | 'bold' | 'italic';
type Family = 'latin' | 'cjk' | 'emoji';

const FILES: Record<Family, Record<TextStyle, string>> = {
  latin: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
    italic: '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
  },
  cjk: {
    regular: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
    // CJK has no italic; the upright face reads better than a slanted one.
    italic: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  },
  emoji: {
    regular: '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
    bold: '@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf',
    italic: '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
  },
};
const FAMILIES: Family[] = ['latin', 'cjk', 'emoji'];

interface LoadedFont {
  font: fontkit.Font;
}

// Read once per process: the files are large (the CJK font is about 5 MB) and never change.
const loaded = new Map<string, LoadedFont>();
function loadFont(spec: string): LoadedFont {
  let font = loaded.get(spec);
  if (!font) {
    const data = fs.readFileSync(createRequire(import.meta.url).resolve(spec));
    font = { font: fontkit.create(data) };
    loaded.set(spec, font);
  }
  return font;
}

const fontName = (family: Family, style: TextStyle) => `${family}-${style}`;

/**
 * Registers the report's fonts on a document (embedded as subsets of the glyphs used). pdfkit
 * takes an already parsed fontkit font, so each file is parsed once per process, not per report.
 */
export function registerReportFonts(doc: Doc): void {
  for (const family of FAMILIES) {
    for (const style of ['regular', 'bold', 'italic'] as const) {
      const parsed = loadFont(FILES[family][style]).font;
      doc.registerFont(fontName(family, style), parsed as unknown as PDFKit.Mixins.PDFFontSource);
    }
  }
}

/** Characters that join the run before them: joiners, variation selectors, skin tones, keycaps. */
function joinsPrevious(codePoint: number): boolean {
  return (
    codePoint === 0x200d ||
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f) ||
    (codePoint >= 0x1f3fb && codePoint <= 0x1f3ff) ||
    codePoint === 0x20e3 ||
    (codePoint >= 0xe0020 && codePoint <= 0xe007f)
  );
}

export interface TextRun {
  font: string;
  text: string;
}

/** Splits text into runs, each in the first font that has its characters. */
export function textRuns(text: string, style: TextStyle): TextRun[] {
  const runs: TextRun[] = [];
  const push = (font: string, piece: string) => {
    const last = runs[runs.length - 1];
    if (last && last.font === font) last.text += piece;
    else runs.push({ font, text: piece });
  };
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    if (char === '\n' || (joinsPrevious(codePoint) && runs.length > 0)) {
      push(runs.length ? runs[runs.length - 1].font : fontName('latin', style), char);
      continue;
    }
    const family = FAMILIES.find((f) => loadFont(FILES[f][style]).font.hasGlyphForCodePoint(codePoint));
    if (family) push(fontName(family, style), char);
    else push(fontName('latin', style), `[U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}]`);
  }
  return runs.length ? runs : [{ font: fontName('latin', style), text: '' }];
}

/**
 * Writes text like doc.text(text, x, y, options), switching fonts run by run. `x`/`y` are given
 * to the first run only; pdfkit continues the others on the same line.
 */
export function writeText(
  doc: Doc,
  text: string,
  style: TextStyle,
  position?: { x: number; y: number },
  options: PDFKit.Mixins.TextOptions = {},
): void {
  const runs = textRuns(text, style);
  runs.forEach((run, i) => {
    doc.font(run.font);
    const continued = i < runs.length - 1;
    if (i === 0 && position) doc.text(run.text, position.x, position.y, { ...options, continued });
    else doc.text(run.text, { ...options, continued });
  });
}
