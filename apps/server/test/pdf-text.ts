import { CURRENCIES } from '@atrium/contracts';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { printable } from '../src/pdf/pdf-fonts.ts';

// Reading a PDF's text back (pdf.js), for the tests that check every character prints.

/** Turkish, Devanagari, Greek, Cyrillic, a symbol and currency signs (issue 22). */
export const SAMPLE = 'İstanbul Işık Çağ ✓ प्रिया ₹ ₺ € Ελληνικά Кириллица ł ß ğ ş ñ';
const SYMBOLS = [...new Set(CURRENCIES.map((currency) => currency.symbol))];
/** The symbols in lines short enough for an invoice line's name. */
export const SYMBOL_LINES = Array.from({ length: Math.ceil(SYMBOLS.length / 12) }, (_, i) =>
  SYMBOLS.slice(i * 12, i * 12 + 12).join(' '),
);

/** The page text as pdf.js reads it, page after page. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  return parts.join('\n');
}

const CONSONANT = '[\\u0915-\\u0939\\u0958-\\u095F]';
const PRE_BASE_I = new RegExp(`((?:${CONSONANT}\\u094D)*${CONSONANT})\\u093F`, 'g');

/**
 * What a PDF reader extracts for a text: the printable text, with the Devanagari vowel sign i
 * (written after its syllable, drawn before it) in drawing order, as every PDF text extractor
 * without ActualText support reads it ('प्रिया' → 'िप्रया'). Line breaks and spaces aside.
 */
export function asRead(text: string): string {
  return printable(text).replace(PRE_BASE_I, '\u093F$1').replace(/\s+/g, '');
}
export const squash = (text: string) => text.replace(/\s+/g, '');
