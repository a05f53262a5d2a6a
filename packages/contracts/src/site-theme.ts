/**
 * The site-wide theme (issue 29, "the designer, next to Wix's"): a palette from the studio's theme colour, a pair of
 * self-hosted fonts, a button style and a corner style, applied to every server-rendered page through CSS variables.
 * Sections paint with the variables, so changing the theme recolours and re-fonts every page already built.
 */
import { z } from 'zod';
import { brandAccent, readableTextOn } from './brand.ts';
import { AA_TEXT, contrastRatio, mix, normaliseHex } from './colour-contrast.ts';

/**
 * A palette shade's text: the dark text or white (`readableTextOn`), or black on a middle tone where neither reaches
 * AA 4.5:1 (the dark text tops out near 4.0 on the worst tone; black reaches AA wherever white does not).
 */
function paletteText(shade: string): string {
  const text = readableTextOn(shade);
  return contrastRatio(shade, text) >= AA_TEXT ? text : '#000000';
}

export interface ThemeFont {
  /** The family name the @font-face declares. */
  family: string;
  /** The file the server serves under /site/fonts/ (a latin variable-weight woff2 of @fontsource-variable). */
  file: string;
  /** What to fall back on while it loads (font-display: swap) and for other scripts. */
  fallback: string;
}

const SANS = 'system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif';
const SERIF = 'Georgia,"Times New Roman",serif';

const font = (family: string, file: string, fallback: string): ThemeFont => ({ family, file, fallback });

/** The font pairs an owner chooses from: headings and body text. 'system' loads nothing (the fastest). */
export const FONT_PAIRS = {
  system: { label: "The device's own fonts (fastest)", heading: null, body: null },
  classic: {
    label: 'Classic: Playfair Display headings, Source Sans 3 text',
    heading: font('Playfair Display Variable', 'playfair-display', SERIF),
    body: font('Source Sans 3 Variable', 'source-sans-3', SANS),
  },
  modern: {
    label: 'Modern: Montserrat headings, Inter text',
    heading: font('Montserrat Variable', 'montserrat', SANS),
    body: font('Inter Variable', 'inter', SANS),
  },
  warm: {
    label: 'Warm: Lora headings, Nunito text',
    heading: font('Lora Variable', 'lora', SERIF),
    body: font('Nunito Variable', 'nunito', SANS),
  },
} as const satisfies Record<string, { label: string; heading: ThemeFont | null; body: ThemeFont | null }>;
export type FontPair = keyof typeof FONT_PAIRS;
export const FONT_PAIR_NAMES = Object.keys(FONT_PAIRS) as FontPair[];

/** The font files the server may serve, by name (/site/fonts/{file}.woff2). */
export const THEME_FONT_FILES: readonly string[] = [
  ...new Set(
    Object.values(FONT_PAIRS).flatMap((pair) => [pair.heading?.file, pair.body?.file].filter((f): f is string => !!f)),
  ),
];

export const BUTTON_STYLES = {
  solid: 'Filled with the theme colour',
  outline: 'Outlined in the theme colour',
} as const;
export type ButtonStyle = keyof typeof BUTTON_STYLES;

export const CORNER_STYLES = { square: 'Square', soft: 'Softly rounded', round: 'Round' } as const;
export type CornerStyle = keyof typeof CORNER_STYLES;

const RADII: Record<CornerStyle, { box: string; large: string; button: string }> = {
  square: { box: '0', large: '0', button: '0' },
  soft: { box: '12px', large: '16px', button: '8px' },
  round: { box: '20px', large: '28px', button: '999px' },
};

export const SiteThemeWrite = z
  .object({
    fontPair: z.enum(FONT_PAIR_NAMES as [FontPair, ...FontPair[]], {
      error: `fontPair must be one of ${FONT_PAIR_NAMES.join(', ')}`,
    }),
    buttonStyle: z.enum(['solid', 'outline'], { error: 'buttonStyle must be solid or outline' }),
    cornerStyle: z.enum(['square', 'soft', 'round'], { error: 'cornerStyle must be square, soft or round' }),
  })
  .partial()
  .strict();
export type SiteThemeWrite = z.infer<typeof SiteThemeWrite>;

export interface SiteTheme {
  fontPair: FontPair;
  buttonStyle: ButtonStyle;
  cornerStyle: CornerStyle;
}
export const DEFAULT_SITE_THEME: SiteTheme = { fontPair: 'system', buttonStyle: 'solid', cornerStyle: 'soft' };

/** The theme as stored (a studio that never chose has the defaults; an unknown value falls back too). */
export function siteThemeOf(stored: Partial<Record<keyof SiteTheme, string | null>> | null | undefined): SiteTheme {
  const pick = <T extends string>(value: string | null | undefined, allowed: readonly T[], fallback: T): T =>
    value && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
  return {
    fontPair: pick(stored?.fontPair, FONT_PAIR_NAMES, DEFAULT_SITE_THEME.fontPair),
    buttonStyle: pick(stored?.buttonStyle, ['solid', 'outline'] as const, DEFAULT_SITE_THEME.buttonStyle),
    cornerStyle: pick(stored?.cornerStyle, ['square', 'soft', 'round'] as const, DEFAULT_SITE_THEME.cornerStyle),
  };
}

const SHADES = { 50: 0.92, 100: 0.84, 200: 0.68, 300: 0.5, 400: 0.25 } as const;
const DARKS = { 600: 0.15, 700: 0.3, 800: 0.45, 900: 0.6 } as const;

/**
 * The palette from the theme colour: shades 50-900 (500 is the colour), each with the text colour that reads on it
 * at AA (4.5:1), as `--site-primary-{n}` and `--site-primary-{n}-text`.
 */
export function themePalette(themeColor: string | null | undefined): Record<string, string> | null {
  const hex = normaliseHex(themeColor);
  if (!hex) return null;
  const shades: Record<string, string> = { 500: hex };
  for (const [n, amount] of Object.entries(SHADES)) shades[n] = mix(hex, '#ffffff', amount);
  for (const [n, amount] of Object.entries(DARKS)) shades[n] = mix(hex, '#000000', amount);
  const palette: Record<string, string> = {};
  for (const n of Object.keys(shades).sort((a, b) => Number(a) - Number(b))) {
    const shade = shades[n] as string;
    palette[`--site-primary-${n}`] = shade;
    palette[`--site-primary-${n}-text`] = paletteText(shade);
  }
  return palette;
}

const fontStack = (f: ThemeFont | null) => (f ? `"${f.family}",${f.fallback}` : SANS);

/** Latin only: other scripts use the fallback fonts (as @fontsource's latin file). */
const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

export const themeFontUrl = (file: string) => `/site/fonts/${file}.woff2`;

/** The fonts a page preloads (the head links them so the text paints in them without a late swap). */
export function themeFontFiles(theme: SiteTheme): string[] {
  const pair = FONT_PAIRS[theme.fontPair];
  return [...new Set([pair.body?.file, pair.heading?.file].filter((f): f is string => !!f))];
}

/**
 * The theme as CSS: the variables (palette, fonts, radii, buttons) and the rules that apply them to the site and to
 * the designer's sections. Its rules outrank a section's class rules, so a section looks themed, while a style the owner
 * set on one element (an id rule) still wins.
 */
export function siteThemeCss(org: { themeColor?: string | null }, theme: SiteTheme): string {
  const pair = FONT_PAIRS[theme.fontPair];
  const radius = RADII[theme.cornerStyle];
  const faces = [pair.heading, pair.body]
    .filter((f): f is ThemeFont => !!f)
    .filter((f, i, all) => all.findIndex((g) => g.file === f.file) === i)
    .map(
      (f) =>
        `@font-face{font-family:"${f.family}";font-style:normal;font-display:swap;font-weight:100 900;src:url(${themeFontUrl(f.file)}) format("woff2-variations");unicode-range:${LATIN}}`,
    );
  const vars: Record<string, string> = {
    '--site-font-body': fontStack(pair.body),
    '--site-font-heading': fontStack(pair.heading ?? pair.body),
    '--site-radius': radius.box,
    '--site-radius-lg': radius.large,
    '--site-button-radius': radius.button,
    ...(themePalette(org.themeColor) ?? {}),
  };
  const accent = brandAccent(org.themeColor);
  const ink = accent?.ink ?? 'var(--site-accent-ink)';
  const rules = [
    ...faces,
    `:root{${Object.entries(vars)
      .map(([name, value]) => `${name}:${value}`)
      .join(';')}}`,
    'body{font-family:var(--site-font-body)}',
    'h1,h2,h3,h4,.site-logo{font-family:var(--site-font-heading)}',
    // `body` outranks a section's own class rule wherever it comes (the designer's canvas puts it first)
    'body .sb-button{border-radius:var(--site-button-radius)}',
    'body :is(.sb-photo,.sb-plan,.sb-quote,.sb-contact__card,.sb-map,.sb-notice){border-radius:var(--site-radius)}',
    'body :is(.sb-hero,.sb-cta,.sb-testimonials){border-radius:var(--site-radius-lg)}',
    // the designer's icons: drawn in the theme colour's readable ink
    'body .sb-icon{color:var(--site-accent-ink);display:inline-block;vertical-align:middle}',
  ];
  if (theme.buttonStyle === 'outline') {
    rules.push(
      `body .sb-button:not(.sb-button--ghost){background-color:transparent;color:${ink};border:2px solid currentColor}`,
    );
  }
  return rules.join('');
}
