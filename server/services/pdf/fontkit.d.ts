// The few parts of fontkit (pdfkit's own font engine, same copy) the preview renderer uses.
declare module "fontkit" {
  export type Glyph = { path: { toSVG(): string }; advanceWidth: number };
  export type GlyphPosition = { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number };
  export type Font = {
    unitsPerEm: number;
    ascent: number;
    layout(text: string, features?: unknown): { glyphs: Glyph[]; positions: GlyphPosition[]; advanceWidth: number };
  };
  export function create(buffer: Uint8Array | Buffer): Font;
}
