import { normaliseHex, WHITE } from '@atrium/contracts';
import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  Loader,
  type MantineColorsTuple,
  type MantineThemeOverride,
  Modal,
  Notification,
  Table,
} from '@mantine/core';
import { accessibleColourVariables, brandPalette } from './brand-shades';

/**
 * Kept close to Mantine's defaults so the plain-CSS public shell and Mantine screens match, with
 * the contrast WCAG 2.2 AA asks for small text (4.5:1) for every colour, the studio's own included
 * (issue 29 "Every tenant colour is accessible"):
 * - The primary colour is the studio's theme colour (Website Settings) as the palette `brand`, else
 *   Mantine's indigo, at shade 7 (indigo 7 on white is 4.98:1; shade 6 is 4.32:1).
 * - Filled buttons and badges write white on `--mantine-color-{c}-filled`: shade 7 of the colour,
 *   darkened until white reads on it (contracts `darkenUntil`). Mantine's teal 7 under white is
 *   3.11:1 (the contacts list's "New" badge), green, cyan, orange and yellow fail likewise.
 * - Outlines, links and `c="{colour}"` text use the same shade, which reads on white by symmetry.
 * - Light variants (alerts, badges) write shade 9 of their colour on its palest tint (shade 0,
 *   hovered shade 1), darkened until it reads on the hovered tint: Mantine's shade 6 on its tint is
 *   about 3:1, teal 9 on teal 1 4.32:1, yellow 9 (#e67700) on yellow 1 (#fff3bf) 2.68:1.
 * - Dimmed text at gray 7 (gray 6 is 3.32:1) and field errors at red 9 (5.46:1; red 6 is 3.28:1).
 */
const baseTheme: MantineThemeOverride = {
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 7 },
  defaultRadius: 'md',
  components: {
    // A dialog's close button is an icon: it needs a name for screen readers (axe: button-name).
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // A spinner is labelled ("Loading invoices"); a label needs a role to be allowed (axe:
    // aria-prohibited-attr), and status is what a spinner is.
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
    // A toast with a title writes its message in gray 6 (3.32:1, axe color-contrast on every 'Error'
    // toast): the dimmed colour instead (gray 7 above).
    Notification: Notification.extend({ styles: { description: { color: 'var(--mantine-color-dimmed)' } } }),
    // A hovered row lights up in gray 0, not Mantine's gray 1: a link in it (indigo 7) keeps 4.72:1 (4.47:1 on gray 1,
    // axe color-contrast on a list row the pointer rested on).
    Table: Table.extend({ defaultProps: { highlightOnHoverColor: 'var(--mantine-color-gray-0)' } }),
  },
};

export const theme = createTheme(baseTheme);

/** The theme for a studio: its theme colour as the primary colour, or the platform's indigo. */
export function themeFor(themeColor: string | null | undefined) {
  const hex = normaliseHex(themeColor);
  if (!hex) return theme;
  return createTheme({
    ...baseTheme,
    primaryColor: 'brand',
    colors: { brand: brandPalette(hex) as unknown as MantineColorsTuple },
  });
}

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const colours = { ...DEFAULT_THEME.colors, ...resolved.colors };
  return {
    variables: {},
    light: {
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      '--mantine-color-error': 'var(--mantine-color-red-9)',
      '--mantine-color-anchor': `var(--mantine-color-${resolved.primaryColor}-filled)`,
      '--mantine-primary-color-contrast': WHITE,
      ...Object.assign({}, ...Object.entries(colours).map(([name, shades]) => accessibleColourVariables(name, shades))),
    },
    dark: {},
  };
};
