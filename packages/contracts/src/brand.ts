/**
 * The tenant's brand on every public page, server-rendered or app-rendered (issue 14 "One brand"):
 * Website Settings' theme colour paints the top bar, the header colour the header, each with a text
 * colour computed for contrast, and the logo stands at the height the settings give.
 */

import {
  accessibleFill,
  accessibleInk,
  contrastRatio,
  DARK_TEXT,
  mix,
  normaliseHex,
  WHITE,
} from './colour-contrast.ts';

export * from './colour-contrast.ts';

/** The dark text or white, whichever reads better on a #rrggbb background (WCAG contrast ratio). */
export function readableTextOn(hex: string): string {
  return contrastRatio(hex, DARK_TEXT) >= contrastRatio(hex, WHITE) ? DARK_TEXT : WHITE;
}

export interface BrandArea {
  background: string;
  text: string;
}

export interface BrandColours {
  /** The top bar (phone, email, Login); null keeps the platform's default. */
  toolbar: BrandArea | null;
  /** The header (logo and menu); null keeps the platform's default. */
  header: BrandArea | null;
}

/**
 * A Website Settings colour as an area of the page: the colour with text that reads on it at 4.5:1,
 * or, for a mid colour on which neither white nor the dark text does, the colour darkened just
 * enough for white (`accessibleFill`).
 */
const area = (colour: string | null | undefined): BrandArea | null => {
  const hex = normaliseHex(colour);
  return hex ? accessibleFill(hex) : null;
};

export function brandColours(org: { themeColor?: string | null; headerColor?: string | null }): BrandColours {
  return { toolbar: area(org.themeColor), header: area(org.headerColor) };
}

/** The logo's height in the header: as set (the settings screen recommends 75px), within 16 to 120 px. */
export function logoHeight(height: number | null | undefined): number {
  return height ? Math.min(Math.max(Math.round(height), 16), 120) : 40;
}

export interface BrandAccent extends BrandArea {
  /** A pale tint of the colour, the background of a current or hovered menu item. */
  tint: string;
  /** The colour as text, on white and on the tint (4.5:1): the colour itself or a darker shade of it. */
  ink: string;
}

/** The theme colour as the accent of the public pages and the app; null when none is set. */
export function brandAccent(themeColor: string | null | undefined): BrandAccent | null {
  const hex = normaliseHex(themeColor);
  if (!hex) return null;
  const tint = mix(hex, WHITE, 0.9);
  return { ...accessibleFill(hex), tint, ink: accessibleInk(hex, tint) };
}

/**
 * The accent the page's own sections use (buttons, prices, quotes in the designer's blocks):
 * `var(--site-accent)` and `var(--site-accent-text)`, the theme colour with its readable text, and
 * `--site-accent-tint` / `--site-accent-ink` for the menu's current item. The site's stylesheet sets
 * the platform's default; this overrides it for a tenant with a theme colour.
 */
export function brandAccentCss(org: { themeColor?: string | null }): string {
  const accent = brandAccent(org.themeColor);
  return accent
    ? `:root{--site-accent:${accent.background};--site-accent-text:${accent.text};--site-accent-tint:${accent.tint};--site-accent-ink:${accent.ink}}`
    : '';
}
