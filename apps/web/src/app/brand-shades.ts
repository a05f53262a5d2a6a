import { accessibleInk, darkenUntil, mix, normaliseHex, WHITE } from '@atrium/contracts';

/*
 * The studio's colour in the shades the app wears it in (issue 29 "Every tenant colour is
 * accessible"), without Mantine: the public shell imports this and carries no Mantine runtime.
 * theme.ts builds the Mantine theme from the same shades.
 */

/**
 * Ten shades of a studio's colour in Mantine's order (0 palest, 9 darkest): tints of the colour
 * itself for the pale shades, the colour at 6, and at 7 (the primary shade) the colour as it reads
 * under white text and as text on white (itself when dark enough, else its darker shade).
 */
export function brandPalette(colour: string): string[] {
  const hex = normaliseHex(colour) ?? '#4263eb';
  const ink = accessibleInk(hex);
  const tints = [0.92, 0.82, 0.66, 0.48, 0.3, 0.14].map((amount) => mix(hex, WHITE, amount));
  return [...tints, hex, ink, mix(ink, '#000000', 0.15), mix(ink, '#000000', 0.3)];
}

/** Mantine's gray 1, the darkest surface the app writes coloured text on. */
const PALEST_SURFACE = '#f1f3f5';

/** The light scheme's variables of one colour that make every variant read at 4.5:1 (see above). */
export function accessibleColourVariables(name: string, shades: readonly string[]): Record<string, string> {
  // Links and text in the colour sit on white and on the app's pale grays (a striped or hovered list
  // row is gray 0, some panels gray 1): read at 4.5:1 on the darkest of them, gray 1.
  const filled = darkenUntil(shades[7] ?? '#000000', PALEST_SURFACE);
  const lightHover = shades[1] ?? WHITE;
  return {
    [`--mantine-color-${name}-filled`]: filled,
    [`--mantine-color-${name}-filled-hover`]: mix(filled, '#000000', 0.12),
    [`--mantine-color-${name}-outline`]: filled,
    [`--mantine-color-${name}-text`]: filled,
    [`--mantine-color-${name}-light`]: shades[0] ?? WHITE,
    [`--mantine-color-${name}-light-hover`]: lightHover,
    [`--mantine-color-${name}-light-color`]: darkenUntil(shades[9] ?? '#000000', lightHover),
  };
}

/**
 * The app's own plain-CSS parts (the 404 page's button, the active menu items, the preview bar,
 * the rating section) in the same readable shades as Mantine's primary colour: `--brand-primary`
 * with white text, `--brand-primary-hover`, `--brand-primary-tint` and `--brand-primary-ink` (text
 * on the tint). base.css falls back to indigo when a studio has no theme colour.
 */
export function brandCssVariables(themeColor: string | null | undefined): Record<string, string> {
  const hex = normaliseHex(themeColor);
  if (!hex) return {};
  const v = accessibleColourVariables('brand', brandPalette(hex));
  return {
    '--brand-primary': v['--mantine-color-brand-filled'] as string,
    '--brand-primary-hover': v['--mantine-color-brand-filled-hover'] as string,
    '--brand-primary-tint': v['--mantine-color-brand-light'] as string,
    '--brand-primary-tint-hover': v['--mantine-color-brand-light-hover'] as string,
    '--brand-primary-ink': v['--mantine-color-brand-light-color'] as string,
  };
}

const BRAND_VARIABLES = [
  '--brand-primary',
  '--brand-primary-hover',
  '--brand-primary-tint',
  '--brand-primary-tint-hover',
  '--brand-primary-ink',
];

/** Sets (or, without a theme colour, clears) the brand variables on the page's root element. */
export function applyBrandCssVariables(root: HTMLElement, themeColor: string | null | undefined): void {
  const variables = brandCssVariables(themeColor);
  for (const name of BRAND_VARIABLES) {
    const value = variables[name];
    if (value) root.style.setProperty(name, value);
    else root.style.removeProperty(name);
  }
}
