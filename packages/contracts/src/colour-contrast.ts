/**
 * Contrast for any studio colour (issue 29 "Every tenant colour is accessible"): WCAG 2.2 relative
 * luminance and contrast ratio, and the shades a studio's colour is worn in so that text on it, or
 * it as text, reads at AA (4.5:1 for normal text). Pure functions over `#rrggbb`, shared by the web
 * app's Mantine theme and the server-rendered public pages.
 */

/** WCAG AA for normal-size text. */
export const AA_TEXT = 4.5;
/** The platform's dark text (Mantine's gray 9 family), used on light backgrounds. */
export const DARK_TEXT = '#212529';
export const WHITE = '#ffffff';

const HEX6 = /^#[0-9a-f]{6}$/i;
const HEX3 = /^#[0-9a-f]{3}$/i;

/** `#rrggbb` (lower case) from `#rgb` or `#rrggbb`; null for anything else. */
export function normaliseHex(colour: string | null | undefined): string | null {
  if (!colour) return null;
  const value = colour.trim();
  if (HEX6.test(value)) return value.toLowerCase();
  if (HEX3.test(value)) {
    const [r, g, b] = value.slice(1).toLowerCase();
    return `#${r}${r}${g}${g}${b}${b}`;
  }
  return null;
}

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const value = normaliseHex(hex);
  if (!value) throw new Error(`Not a #rrggbb colour: ${hex}`);
  return [1, 3, 5].map((offset) => Number.parseInt(value.slice(offset, offset + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const value = c / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1 to 21, whichever order they are given in. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function hslOf(hex: string): [number, number, number] {
  const [r, g, b] = rgbOf(hex).map((c) => c / 255) as Rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h / 6, s, l];
}

function hexOfHsl(h: number, s: number, l: number): string {
  if (s === 0) return toHex([l * 255, l * 255, l * 255]);
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (x < 1 / 6) return p + (q - p) * 6 * x;
    if (x < 1 / 2) return q;
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6;
    return p;
  };
  return toHex([channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255]);
}

/** The colour with its HSL lightness set to `lightness` (0..1), hue and saturation kept. */
export function withLightness(hex: string, lightness: number): string {
  const [h, s] = hslOf(hex);
  return hexOfHsl(h, s, Math.min(1, Math.max(0, lightness)));
}

/** `amount` (0..1) of the way from `hex` to `towards` (sRGB mix). */
export function mix(hex: string, towards: string, amount: number): string {
  const from = rgbOf(hex);
  const to = rgbOf(towards);
  return toHex(from.map((c, i) => c + ((to[i] as number) - c) * amount) as Rgb);
}

/**
 * The lightest shade of `hex` (same hue and saturation, lower HSL lightness) that reads at `ratio`
 * against `background`, a light background; `hex` itself when it already does. Darker shades of a
 * hue only lose luminance, so the search is a bisection on the lightness.
 */
export function darkenUntil(hex: string, background: string, ratio = AA_TEXT): string {
  const colour = normaliseHex(hex) ?? DARK_TEXT;
  if (contrastRatio(colour, background) >= ratio) return colour;
  const [, , start] = hslOf(colour);
  let low = 0;
  let high = start;
  for (let step = 0; step < 24; step += 1) {
    const middle = (low + high) / 2;
    if (contrastRatio(withLightness(colour, middle), background) >= ratio) low = middle;
    else high = middle;
  }
  // Rounding to whole channels can land a hair under the ratio: step down until it holds.
  let lightness = low;
  let shade = withLightness(colour, lightness);
  while (contrastRatio(shade, background) < ratio && lightness > 0) {
    lightness = Math.max(0, lightness - 0.005);
    shade = withLightness(colour, lightness);
  }
  return shade;
}

/** A colour to fill with, and the text written on it. */
export interface ColourPair {
  background: string;
  text: string;
}

/**
 * A studio's colour as a fill (a button, a badge, the site's top bar) with readable text on it
 * (4.5:1): white when it reads, else the dark text when it reads (light colours: a pale yellow
 * keeps its yellow); a mid colour on which neither reads (luminance about 0.18 to 0.25: the usual
 * mid blues and oranges) is darkened just enough for white, so it stays recognisably the studio's.
 */
export function accessibleFill(colour: string): ColourPair {
  const hex = normaliseHex(colour) ?? DARK_TEXT;
  if (contrastRatio(hex, WHITE) >= AA_TEXT) return { background: hex, text: WHITE };
  if (contrastRatio(hex, DARK_TEXT) >= AA_TEXT) return { background: hex, text: DARK_TEXT };
  return { background: darkenUntil(hex, WHITE), text: WHITE };
}

/**
 * The studio's colour as text, a link or an outline on a light background (white by default):
 * the colour itself when it reads at 4.5:1 there, else its lightest darker shade that does.
 */
export function accessibleInk(colour: string, background = WHITE): string {
  return darkenUntil(normaliseHex(colour) ?? DARK_TEXT, background);
}
