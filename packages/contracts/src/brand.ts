/**
 * The tenant's brand on every public page, server-rendered or app-rendered (issue 14 "One brand"):
 * Website Settings' theme colour paints the top bar, the header colour the header, each with a text
 * colour computed for contrast, and the logo stands at the height the settings give.
 */

const HEX = /^#[0-9a-f]{6}$/i;

/** Black or white, whichever reads better on a #rrggbb background (WCAG relative luminance). */
export function readableTextOn(hex: string): string {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.179 ? '#212529' : '#ffffff';
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

const area = (colour: string | null | undefined): BrandArea | null =>
  colour && HEX.test(colour) ? { background: colour, text: readableTextOn(colour) } : null;

export function brandColours(org: { themeColor?: string | null; headerColor?: string | null }): BrandColours {
  return { toolbar: area(org.themeColor), header: area(org.headerColor) };
}

/** The logo's height in the header: as set (the settings screen recommends 75px), within 16 to 120 px. */
export function logoHeight(height: number | null | undefined): number {
  return height ? Math.min(Math.max(Math.round(height), 16), 120) : 40;
}

/**
 * The accent the page's own sections use (buttons, prices, quotes in the designer's blocks):
 * `var(--site-accent)` and `var(--site-accent-text)`, the theme colour with its readable text. The
 * site's stylesheet sets the platform's default; this overrides it for a tenant with a theme colour.
 */
export function brandAccentCss(org: { themeColor?: string | null }): string {
  const accent = area(org.themeColor);
  return accent ? `:root{--site-accent:${accent.background};--site-accent-text:${accent.text}}` : '';
}
