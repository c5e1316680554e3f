// Unicode text in the PDF report: embedded, subset fonts chosen per run of text. Noto Sans covers
// Latin, Greek and Cyrillic; Noto Sans JP covers Japanese and the common Chinese characters
// (kanji); Noto Sans KR covers Korean Hangul (syllables and jamo); Noto Emoji draws emoji in black
// and white (no colour font in PDF text). A character no font has is written as its code point,
// e.g. [U+0F00], rather than dropped. pdfkit writes a ToUnicode map for embedded fonts, so copied
// or extracted text is the original text.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';
import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;
export type TextStyle = 'regular' | 'bold' | 'italic';
type Family = 'latin' | 'cjk' | 'korean' | 'emoji';

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
  korean: {
    regular: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
    italic: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  },
  emoji: {
    regular: '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
    bold: '@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf',
    italic: '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
  },
};
// Tried in this order for every character that is not Hangul. The Korean font (about 6 MB a
// face) is not among them: it is read only when a text has Hangul, so reports without Korean never
// load it. Kana and kanji stay with the Japanese font, also in Korean text.
const FALLBACK_FAMILIES: Family[] = ['latin', 'cjk', 'emoji'];
const HANGUL = /\p{Script=Hangul}/u;
const STYLES: TextStyle[] = ['regular', 'bold', 'italic'];

interface LoadedFont {
  font: Fontkit.Font;
}

// fontkit is read with the first report, not with the server (it adds to every start): a plain
// require, since the text runs are measured synchronously.
let fontkit: typeof Fontkit | undefined;
const loadFontkit = (): typeof Fontkit => (fontkit ??= createRequire(import.meta.url)('fontkit') as typeof Fontkit);

// Read once per process: the files are large (the CJK fonts are 5-6 MB) and never change.
const loaded = new Map<string, LoadedFont>();
function loadFont(spec: string): LoadedFont {
  let font = loaded.get(spec);
  if (!font) {
    const data = fs.readFileSync(createRequire(import.meta.url).resolve(spec));
    font = { font: loadFontkit().create(data) };
    loaded.set(spec, font);
  }
  return font;
}

const fontName = (family: Family, style: TextStyle) => `${family}-${style}`;

// Which of a document's fonts are registered: those of the fallback families up front, the Korean
// ones on first use.
const registered = new WeakMap<Doc, Set<string>>();

function registerFont(doc: Doc, family: Family, style: TextStyle): void {
  let names = registered.get(doc);
  if (!names) registered.set(doc, (names = new Set()));
  const name = fontName(family, style);
  if (names.has(name)) return;
  const parsed = loadFont(FILES[family][style]).font;
  doc.registerFont(name, parsed as unknown as PDFKit.Mixins.PDFFontSource);
  names.add(name);
}

function registerFontNamed(doc: Doc, name: string): void {
  const [family, style] = name.split('-') as [Family, TextStyle];
  registerFont(doc, family, style);
}

/**
 * Registers the report's fonts on a document (embedded as subsets of the glyphs used). pdfkit
 * takes an already parsed fontkit font, so each file is parsed once per process, not per report:
 * the first report loads the fallback families; the Korean font waits for the first Hangul text.
 */
export function registerReportFonts(doc: Doc): void {
  for (const family of FALLBACK_FAMILIES) for (const style of STYLES) registerFont(doc, family, style);
}

function familyFor(codePoint: number, char: string, style: TextStyle): Family | undefined {
  const has = (family: Family) => loadFont(FILES[family][style]).font.hasGlyphForCodePoint(codePoint);
  if (HANGUL.test(char) && has('korean')) return 'korean';
  return FALLBACK_FAMILIES.find(has);
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
    const family = familyFor(codePoint, char, style);
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
    registerFontNamed(doc, run.font);
    doc.font(run.font);
    const continued = i < runs.length - 1;
    if (i === 0 && position) doc.text(run.text, position.x, position.y, { ...options, continued });
    else doc.text(run.text, { ...options, continued });
  });
}
