// The part of fontkit (pdfkit's own font engine) that pdf-fonts.ts uses: which characters a font has.
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Buffer): Font;
}
