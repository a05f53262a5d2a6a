import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { pdfFontFiles } from './pdf-fonts.ts';
import { woffToSfnt } from './woff-to-sfnt.ts';

// fontkit as react-pdf loads it (not a dependency of ours on its own)
const fontkit = createRequire(createRequire(import.meta.url).resolve('@react-pdf/font'))('fontkit') as {
  create(buffer: Buffer): unknown;
};

interface Glyphs {
  numGlyphs: number;
  characterSet: number[];
  glyphForCodePoint(codePoint: number): { id: number; path: { toSVG(): string }; advanceWidth: number };
}

describe('woffToSfnt', () => {
  it('gives every font of the PDF chain back as the same font, glyph for glyph', () => {
    for (const { src } of pdfFontFiles()) {
      const woff = readFileSync(src);
      const sfnt = woffToSfnt(woff);
      const before = fontkit.create(woff) as unknown as Glyphs;
      const after = fontkit.create(sfnt) as unknown as Glyphs;
      expect(after.numGlyphs, src).toBe(before.numGlyphs);
      expect(after.characterSet, src).toEqual(before.characterSet);
      for (const codePoint of before.characterSet.slice(0, 40)) {
        const [a, b] = [before.glyphForCodePoint(codePoint), after.glyphForCodePoint(codePoint)];
        expect([b.id, b.advanceWidth, b.path.toSVG()]).toEqual([a.id, a.advanceWidth, a.path.toSVG()]);
      }
    }
  });

  it('refuses a file that is not WOFF 1.0', () => {
    expect(() => woffToSfnt(Buffer.from('wOF2 and more bytes than a header'))).toThrow('not a WOFF 1.0 file');
  });
});
