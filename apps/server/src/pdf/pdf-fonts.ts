import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Font, Text } from '@react-pdf/renderer';
import { Children, type ComponentProps, createElement, type ReactNode } from 'react';
import { woffToSfnt } from './woff-to-sfnt.ts';

// Every PDF the server makes (invoices, receipts, signed forms) prints with this one font chain
// (DESIGN.md "PDF", docs/decisions.md "Every PDF prints every character"). Fontsource ships each
// script as its own subset file, so each subset is registered as a family of its own and a style
// names them all in order: react-pdf picks, code point by code point, the first family that has the
// glyph. Only .woff files: react-pdf cannot read .woff2; each is unwrapped to TrueType once when
// registered. Nothing is fetched.

interface Subset {
  family: string;
  /** The @fontsource package. */
  pkg: string;
  /** The file name without '-{weight}-normal.woff'. */
  file: string;
  /** Weights shipped (bold falls back to regular where only 400 exists). */
  weights: number[];
}

const SUBSETS: Subset[] = [
  { family: 'Noto Sans', pkg: 'noto-sans', file: 'noto-sans-latin', weights: [400, 700] },
  { family: 'Noto Sans Latin Ext', pkg: 'noto-sans', file: 'noto-sans-latin-ext', weights: [400, 700] },
  { family: 'Noto Sans Vietnamese', pkg: 'noto-sans', file: 'noto-sans-vietnamese', weights: [400, 700] },
  { family: 'Noto Sans Greek', pkg: 'noto-sans', file: 'noto-sans-greek', weights: [400, 700] },
  { family: 'Noto Sans Greek Ext', pkg: 'noto-sans', file: 'noto-sans-greek-ext', weights: [400, 700] },
  { family: 'Noto Sans Cyrillic', pkg: 'noto-sans', file: 'noto-sans-cyrillic', weights: [400, 700] },
  { family: 'Noto Sans Cyrillic Ext', pkg: 'noto-sans', file: 'noto-sans-cyrillic-ext', weights: [400, 700] },
  {
    family: 'Noto Sans Devanagari',
    pkg: 'noto-sans-devanagari',
    file: 'noto-sans-devanagari-devanagari',
    weights: [400, 700],
  },
  // Currency signs outside the Latin and Devanagari files: ৳ (Bengali), ֏ (Armenian), ؋ (Arabic),
  // ៛ (Khmer), ฿ (Thai). Each script's file also lets a name in that script print.
  { family: 'Noto Sans Bengali', pkg: 'noto-sans-bengali', file: 'noto-sans-bengali-bengali', weights: [400, 700] },
  {
    family: 'Noto Sans Armenian',
    pkg: 'noto-sans-armenian',
    file: 'noto-sans-armenian-armenian',
    weights: [400, 700],
  },
  { family: 'Noto Sans Arabic', pkg: 'noto-sans-arabic', file: 'noto-sans-arabic-arabic', weights: [400, 700] },
  { family: 'Noto Sans Khmer', pkg: 'noto-sans-khmer', file: 'noto-sans-khmer-khmer', weights: [400, 700] },
  { family: 'Noto Sans Thai', pkg: 'noto-sans-thai', file: 'noto-sans-thai-thai', weights: [400, 700] },
  // Symbols last: ✓ ✗ ★ → and the like.
  { family: 'Noto Sans Symbols 2', pkg: 'noto-sans-symbols-2', file: 'noto-sans-symbols-2-symbols', weights: [400] },
  { family: 'Noto Sans Math', pkg: 'noto-sans-symbols-2', file: 'noto-sans-symbols-2-math', weights: [400] },
  { family: 'Noto Sans Symbols', pkg: 'noto-sans-symbols', file: 'noto-sans-symbols-symbols', weights: [400, 700] },
];

/** The font chain for a style's fontFamily: the first family that has a character's glyph prints it. */
export const PDF_FONT_FAMILY: string[] = SUBSETS.map((subset) => subset.family);

/** The files of the chain (for tests that check coverage). */
export function pdfFontFiles(): Array<{ family: string; weight: number; src: string }> {
  const require = createRequire(import.meta.url);
  return SUBSETS.flatMap((subset) => {
    const files = join(dirname(require.resolve(`@fontsource/${subset.pkg}/package.json`)), 'files');
    return subset.weights.map((weight) => ({
      family: subset.family,
      weight,
      src: join(files, `${subset.file}-${weight}-normal.woff`),
    }));
  });
}

let registered = false;

/** A .woff file as the TrueType it wraps, as react-pdf takes bytes (read once per process: see woffToSfnt). */
function asTrueTypeDataUrl(woffPath: string): string {
  return `data:font/ttf;base64,${woffToSfnt(readFileSync(woffPath)).toString('base64')}`;
}

/** Registers the chain once; every PDF renderer calls it before rendering. */
export function registerPdfFonts(): void {
  if (registered) return;
  const files = pdfFontFiles();
  for (const family of PDF_FONT_FAMILY) {
    Font.register({
      family,
      fonts: files
        .filter((file) => file.family === family)
        .map(({ src, weight }) => ({ src: asTrueTypeDataUrl(src), fontWeight: weight })),
    });
  }
  // Words are never split with a hyphen (names and amounts stay whole).
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}

let ready: Promise<void> | null = null;

/** What this file needs of a fontkit font. */
interface GlyphSource {
  characterSet: number[];
  glyphForCodePoint(codePoint: number): unknown;
}

/**
 * Registers the chain, loads every font of it and makes each font's glyph for every character it
 * has, once per process. fontkit keeps one glyph object per glyph id with the characters it was
 * first made for, and a subset that embeds a composite glyph (ü is u and a diaeresis) makes its
 * parts without any: every later PDF of the process that used such a glyph printed it wrong (after
 * an invoice from 'Stüdyo Çağ', a bold 'Purchases' came out as 'urchases' and read back as
 * '!rchases'). Made here first, each glyph keeps its character. Every renderer awaits this before
 * it renders.
 */
export function pdfFontsReady(): Promise<void> {
  registerPdfFonts();
  ready ??= Promise.all(
    pdfFontFiles().map(async ({ family, weight }) => {
      const descriptor = { fontFamily: family, fontWeight: weight };
      await Font.load(descriptor);
      const data = (Font.getFont(descriptor) as unknown as { data?: GlyphSource | null }).data;
      if (!data) return;
      for (const codePoint of data.characterSet) data.glyphForCodePoint(codePoint);
    }),
  ).then(() => undefined);
  return ready;
}

// Characters no font of the chain draws, printed as the nearest one that it does. The narrow
// no-break space (U+202F, in 'F CFA') would otherwise come out in the PDF base font as '/'.
const STAND_INS: Record<string, string> = { '\u202f': '\u00a0' };
const MISSING = new RegExp(`[${Object.keys(STAND_INS).join('')}]`, 'g');

/** A text as the PDF prints it (what a test reading the PDF back expects). */
export function printable(text: string): string {
  return text.normalize('NFC').replace(MISSING, (char) => STAND_INS[char] ?? char);
}

type TextProps = ComponentProps<typeof Text> & { children?: ReactNode };

/**
 * react-pdf's Text with every string child made printable (precomposed, so a letter and its accent
 * come from one font of the chain). Every PDF uses this instead of Text.
 */
export function PdfText({ children, ...props }: TextProps) {
  return createElement(
    Text,
    props,
    ...Children.toArray(children).map((child) => (typeof child === 'string' ? printable(child) : child)),
  );
}
