import { type CSSVariablesResolver, createTheme, Loader, Modal, Notification, Table } from '@mantine/core';

/**
 * Kept close to Mantine's defaults so the plain-CSS public shell and Mantine screens match, with
 * the contrast WCAG 2.2 AA asks for small text (4.5:1): the primary colour at shade 7 (indigo 7 on
 * white is 4.98:1; shade 6 is 4.32:1), dimmed text at gray 7 (gray 6 is 3.32:1) and field errors at
 * red 9 (5.46:1; Mantine's red 6 is 3.28:1). Light variants (alerts, badges) write in shade 9 of their
 * colour on its palest tint (shade 0): Mantine's shade 6 on its tint is about 3:1, and a teal title
 * on teal 1 still failed axe (4.32:1).
 */
export const theme = createTheme({
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
});

const LIGHT_VARIANT_COLORS = ['teal', 'green', 'blue', 'cyan', 'indigo', 'violet', 'grape', 'red'] as const;

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      LIGHT_VARIANT_COLORS.flatMap((color) => [
        [`--mantine-color-${color}-light-color`, `var(--mantine-color-${color}-9)`],
        [`--mantine-color-${color}-light`, `var(--mantine-color-${color}-0)`],
        // Hovered: one shade darker, still 4.5:1 under shade 9 (Mantine's shade 2 gives indigo 4.12:1).
        [`--mantine-color-${color}-light-hover`, `var(--mantine-color-${color}-1)`],
      ]),
    ),
  },
  dark: {},
});
